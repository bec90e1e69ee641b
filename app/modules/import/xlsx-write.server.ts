import writeExcelFile from 'write-excel-file/node';

/**
 * One sheet of text and numbers as an XLSX file, written by write-excel-file (read-excel-file's
 * sibling: the import reads what the export and the template write).
 */
export async function writeXlsx(sheet: string, rows: readonly (readonly (string | number | null)[])[]): Promise<Uint8Array> {
  return new Uint8Array(
    await writeExcelFile(
      rows.map((row) => [...row]),
      { sheet },
    ).toBuffer(),
  );
}
