/** The dashboard's tables: a header row of the spec's column names, rows given as children. */
export function DataTable({
  headers,
  minWidth = 560,
  children,
}: {
  headers: string[];
  minWidth?: number;
  children: React.ReactNode;
}) {
  return (
    <div className="mt-4 overflow-x-auto rounded-xl border border-wood-100 bg-white shadow-sm">
      <table className="w-full text-left text-sm" style={{ minWidth }}>
        <TableHead headers={headers} />
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}

/** A table's header row of column names; with `figuresRight`, every column after the first is aligned right. */
export function TableHead({ headers, figuresRight = false }: { headers: string[]; figuresRight?: boolean }) {
  return (
    <thead className="bg-wood-100 text-wood-900">
      <tr>
        {headers.map((h, i) => (
          <th
            key={h}
            scope="col"
            className={`px-3 py-2 whitespace-nowrap${figuresRight && i > 0 ? " text-right" : ""}`}
          >
            {h}
          </th>
        ))}
      </tr>
    </thead>
  );
}

export function Cell({ children, className = "" }: { children: React.ReactNode; className?: string }) {
  return <td className={`px-3 py-2 align-middle ${className}`}>{children}</td>;
}

export const rowClass = "border-t border-wood-100";
