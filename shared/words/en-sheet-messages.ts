/**
 * The messages of the catalog spreadsheet (`POST /api/products.csv`, /dashboard/spreadsheet), in English, by code:
 * only that page registers them in the browser (app/i18n/use-sheet-t.ts), so no other page downloads them. The
 * server answers them like any other. Bangla in bn-sheet-messages.ts.
 */
export const enSheetMessages = {
  sheet: {
    empty: "The file holds no rows: its first line names the columns, each next line is a variant",
    not_csv: "The file is not CSV the store can read (line {{line}}): {{reason}}",
    unknown_column: "The column {{column}} is not one of the catalog's: see the list of columns",
    repeated_column: "The column {{column}} is named twice",
    missing_column: "The file needs a {{column}} column",
    too_many_rows: "A file can hold at most {{max}} rows; split it",
    too_large: "A catalog file can be at most 10 MB; split it",
    dry_run_invalid: "dryRun must be true or false",
    product_unknown: "No tool has this id: leave it empty for a new tool",
    product_differs: "Differs from this tool's first row (line {{line}})",
    other_row_refused: "Another row of this tool is refused (line {{line}}), so none of its rows is imported",
    variant_twice: "This variant is on line {{line}} too",
    sku_in_file: "Line {{line}} gives this SKU too",
    category_unknown: "No category has the slug {{slug}}",
    image_unknown: "The store has no image called {{name}}: upload it first, then give its file name",
    option_value_missing: "Give this variant's value of {{option}}",
    option_value_without_name: "Name the option in option{{n}}_name first",
    refused: "Nothing was imported: {{count}} rows are refused",
    imported: "Imported: {{created}} tools created, {{changed}} changed",
    checked: "Checked: nothing was written",
  },
};
