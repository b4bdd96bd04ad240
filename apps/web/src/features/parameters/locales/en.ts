/**
 * Texts of the parameter and dictionary pages (system/config, base/parameter), spread into the app
 * catalogues under `params` and `dicts`. The Chinese one is typed against the English one.
 */
export const parametersEn = {
  params: {
    systemTab: 'System parameters',
    name: 'Name',
    key: 'Key',
    value: 'Value',
    type: 'Type',
    types: {
      string: 'Text',
      number: 'Number',
      boolean: 'Yes / no',
    },
    builtIn: 'Built in',
    updatedAt: 'Updated',
    addTitle: 'Add a parameter',
    editTitle: 'Edit "{{name}}"',
    nameRequired: 'Give the parameter a name.',
    keyRequired: 'Give the parameter a key.',
    keyPattern: 'The key starts with a lower-case letter and has 2 to 100 letters, digits, "_" or ".".',
    keyHint: 'The code reads the parameter by this key.',
    numberRequired: 'Enter a number in digits (for example 3 or 0.5), without a sign, spaces or letters.',
    businessHint:
      'These rules drive the trading: the value limit of each project type, the sign-up and publicity days, the minimum participants, the draw rules, the fee rates and the consultation line. Each value is checked before it is saved and applies at once.',
  },
  dicts: {
    tab: 'Dictionaries',
    type: 'Dictionary type',
    typeName: 'Dictionary name',
    typeNameZh: 'Chinese name',
    entries: 'Entries',
    entriesOf: 'Entries of "{{name}}"',
    addType: 'Add a dictionary type',
    editType: 'Edit the dictionary type',
    typeChangeHint:
      'Changing the type key moves its entries with it; the code that reads the old key will no longer find them.',
    nameRequired: 'Give the dictionary a name.',
    typeRequired: 'Give the dictionary a type key.',
    typePattern: 'The type key has 2 to 100 lower-case letters, digits or "_", and starts with a letter.',
    confirmDeleteType:
      'Delete the dictionary "{{name}}" and all its entries? Statuses that use it will show their raw values.',
    label: 'Label',
    labelZh: 'Chinese label',
    value: 'Value',
    listClass: 'Tag style',
    cssClass: 'CSS class',
    isDefault: 'Default',
    plain: 'Plain text',
    classes: {
      default: 'Plain',
      primary: 'Primary',
      success: 'Success',
      info: 'Info',
      warning: 'Warning',
      danger: 'Danger',
    },
    addEntry: 'Add an entry',
    editEntry: 'Edit the entry',
    labelRequired: 'Give the entry a label.',
    valueRequired: 'Give the entry a value.',
  },
} as const;
