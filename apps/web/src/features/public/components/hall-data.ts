import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { hallOptionsQuery } from '@/shared/api/hall-options';
import { dictLabel, dictQuery, type DictOption } from '@/shared/lib/dict';
import { localName } from '@/shared/lib/format';

/** What the plain hall needs besides its list: the filter options and the dictionaries. */

export interface ChoiceOption<V extends string | number = number> {
  value: V;
  label: string;
  /** Nesting level in a tree (places): shown indented. */
  depth?: number;
}

interface PlaceNode {
  id: number;
  label: string;
  labelZh: string;
  children?: PlaceNode[];
}

/** The place tree as one list, each place after its parent and one level deeper. */
export function flattenPlaces(nodes: readonly PlaceNode[], language: string, depth = 0): ChoiceOption[] {
  return nodes.flatMap((n) => [
    { value: n.id, label: localName(language, n.label, n.labelZh), depth },
    ...flattenPlaces(n.children ?? [], language, depth + 1),
  ]);
}

/**
 * True once `ready` has been true for a painted frame: what the page needs only after its main
 * content (the filters' options, the dictionaries' labels) is fetched after that content shows.
 */
export function useAfterPaint(ready: boolean): boolean {
  const [after, setAfter] = useState(false);
  useEffect(() => {
    if (!ready || after) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => setAfter(true), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [ready, after]);
  return after;
}

export interface HallLookups {
  types: ChoiceOption[];
  places: ChoiceOption[];
  models: ChoiceOption[];
  /** The dictionaries, once they have arrived. */
  modelDict?: DictOption[];
  statusDict?: DictOption[];
}

/**
 * The filter options (one call) and the two dictionaries of the rows, fetched once `afterPaint`
 * (after the list has shown): the list needs none of them to show.
 */
export function useHallLookups(afterPaint: boolean, language: string): HallLookups {
  // The server draws the hall complete (a server has no paint to wait for): a drawn hall hydrates
  // with its options and labels in place, instead of fetching and drawing them again after.
  const enabled = afterPaint || typeof window === 'undefined';
  const options = useQuery({ ...hallOptionsQuery, enabled });
  const models = useQuery({ ...dictQuery('selection_model'), enabled });
  const statuses = useQuery({ ...dictQuery('project_status'), enabled });
  return {
    types: (options.data?.types ?? []).map((t) => ({ value: t.id, label: localName(language, t.name, t.nameZh) })),
    places: flattenPlaces((options.data?.places ?? []) as PlaceNode[], language),
    models: (models.data ?? []).map((o) => ({ value: Number(o.dictValue), label: dictLabel(o, language) })),
    modelDict: models.data,
    statusDict: statuses.data,
  };
}
