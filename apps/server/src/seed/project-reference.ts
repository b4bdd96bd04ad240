import type { Tx } from '../db/client.ts';
import { masterDataRepository } from '../modules/master-data/master-data.repository.ts';

/** Project types; their value limits are the `valueLimit.<code>` business parameters. */
export const PROJECT_TYPES: { code: string; name: string; nameZh: string; subs: [string, string][] }[] = [
  {
    code: 'construction',
    name: 'Construction',
    nameZh: '施工',
    subs: [
      ['Building works', '房屋建筑'],
      ['Municipal works', '市政工程'],
      ['Landscaping', '园林绿化'],
      ['Renovation', '装饰装修'],
    ],
  },
  {
    code: 'survey',
    name: 'Survey',
    nameZh: '勘察',
    subs: [
      ['Geotechnical survey', '岩土勘察'],
      ['Topographic survey', '地形测绘'],
    ],
  },
  {
    code: 'design',
    name: 'Design',
    nameZh: '设计',
    subs: [
      ['Architectural design', '建筑设计'],
      ['Landscape design', '景观设计'],
    ],
  },
  { code: 'supervision', name: 'Supervision', nameZh: '监理', subs: [['Construction supervision', '施工监理']] },
  {
    code: 'service',
    name: 'Service',
    nameZh: '服务',
    subs: [
      ['Property services', '物业服务'],
      ['Cleaning', '保洁服务'],
      ['Consulting', '咨询服务'],
    ],
  },
  {
    code: 'goods',
    name: 'Goods',
    nameZh: '货物',
    subs: [
      ['Office equipment', '办公设备'],
      ['Building materials', '建筑材料'],
    ],
  },
];

/** A region tree: province, cities, districts. */
const PLACES: [string, string, [string, string][]][] = [
  [
    'Hangzhou',
    '杭州市',
    [
      ['Shangcheng', '上城区'],
      ['Gongshu', '拱墅区'],
      ['Xihu', '西湖区'],
      ['Binjiang', '滨江区'],
      ['Xiaoshan', '萧山区'],
      ['Yuhang', '余杭区'],
    ],
  ],
  [
    'Ningbo',
    '宁波市',
    [
      ['Haishu', '海曙区'],
      ['Jiangbei', '江北区'],
      ['Yinzhou', '鄞州区'],
    ],
  ],
  [
    'Wenzhou',
    '温州市',
    [
      ['Lucheng', '鹿城区'],
      ['Longwan', '龙湾区'],
    ],
  ],
  [
    'Shaoxing',
    '绍兴市',
    [
      ['Yuecheng', '越城区'],
      ['Keqiao', '柯桥区'],
    ],
  ],
];

const DEPART_CATEGORIES: [string, string][] = [
  ['Government agency', '党政机关'],
  ['Public institution', '事业单位'],
  ['State-owned enterprise', '国有企业'],
  ['School', '学校'],
  ['Village committee', '村（社区）'],
];

/** Sign-up days, days from the deadline to the opening, publicity days, by model. */
const PROCESS: Record<number, [number, number, number, string]> = {
  1: [3, 1, 3, 'Draw request letter'],
  2: [5, 1, 3, 'Bidding document\nBill of quantities'],
  3: [7, 2, 3, 'Bidding document\nEvaluation criteria\nBill of quantities'],
};

export async function seedProjectReference(tx: Tx) {
  const repo = masterDataRepository;
  for (const [i, t] of PROJECT_TYPES.entries()) {
    const typeId = await repo.insertProjectType(tx, { code: t.code, name: t.name, nameZh: t.nameZh, orderNum: i + 1 });
    for (const [j, [name, nameZh]] of t.subs.entries()) {
      await repo.subCategories.insert(tx, { typeId, name, nameZh, orderNum: j + 1 });
    }
    for (const model of [1, 2, 3]) {
      const [signupDays, bidWindowDays, publicityDays, requiredDocuments] = PROCESS[model]!;
      await repo.processSettings.insert(tx, {
        typeId,
        model,
        signupDays,
        bidWindowDays,
        publicityDays,
        requiredDocuments,
      });
    }
  }
  const provinceId = await repo.insertPlace(tx, { name: 'Zhejiang', nameZh: '浙江省', code: '330000', orderNum: 1 });
  for (const [i, [city, cityZh, districts]] of PLACES.entries()) {
    const cityId = await repo.insertPlace(tx, {
      name: city,
      nameZh: cityZh,
      parentId: provinceId,
      ancestors: `0,${provinceId}`,
      orderNum: i + 1,
    });
    for (const [j, [name, nameZh]] of districts.entries()) {
      await repo.insertPlace(tx, {
        name,
        nameZh,
        parentId: cityId,
        ancestors: `0,${provinceId},${cityId}`,
        orderNum: j + 1,
      });
    }
  }
  for (const [i, [name, nameZh]] of DEPART_CATEGORIES.entries()) {
    await repo.departCategories.insert(tx, { name, nameZh, orderNum: i + 1 });
  }
}
