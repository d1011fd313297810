import type { IfcBuilding } from '../../core/ifc/building';

/**
 * What the file says of the building as a whole, as the report and rooms.json say it: where its north came
 * from (TrueNorth, a map conversion, both and how far apart, or nothing) and, for a georeferenced file, the
 * point its plan is measured from. An architect checks north here before trusting any room's sun.
 */
export function BuildingNotes({
  building,
}: {
  building: Pick<IfcBuilding, 'notes' | 'origin'>;
}): React.JSX.Element {
  const [x, y] = building.origin;
  return (
    <ul
      className="hint building-notes"
      data-testid="ifc-notes"
      aria-label="What the file says of the building"
    >
      {building.notes.map((n) => (
        <li key={n}>{n}</li>
      ))}
      {(x !== 0 || y !== 0) && (
        <li>
          Plan frame: the file’s survey coordinates less ({x.toLocaleString('en')}, {y.toLocaleString('en')})
          m.
        </li>
      )}
    </ul>
  );
}
