/** The head of a small table of figures: the first column names the row, the others hold numbers. */
export function FiguresHead({ columns: [first, ...numbers] }: { columns: [string, ...string[]] }) {
  return (
    <thead className="text-xs uppercase tracking-wide text-slate-500">
      <tr>
        <th scope="col" className="py-1 font-medium">
          {first}
        </th>
        {numbers.map((label) => (
          <th key={label} scope="col" className="py-1 text-right font-medium">
            {label}
          </th>
        ))}
      </tr>
    </thead>
  );
}
