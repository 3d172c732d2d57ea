/** The toasts' screen codes of the DSR staff screens (menu 5); the calls are the data provider's (definition.ts). */
export const SCREEN = {
  list: 'DSR#001',
  state: 'DSR#002',
  extend: 'DSR#003',
  assign: 'DSR#004',
  export: 'DSR#005',
  remove: 'DSR#006',
  file: 'DSR#007',
  intake: 'DSR#008',
  pack: 'DSRP#001',
  packSend: 'DSRP#002',
  formList: 'DSRF#001',
  formSave: 'DSRF#002',
  formDelete: 'DSRF#003',
} as const;

/** A chosen file as the calls carry it: its name and its bytes in base64. */
export function readFileInput(file: File): Promise<{ name: string; contentBase64: string }> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve({ name: file.name, contentBase64: String(reader.result).replace(/^data:[^,]*,/, '') });
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });
}
