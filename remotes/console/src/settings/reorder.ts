/** The ids with the one at `index` moved one place up (-1) or down (+1). */
export function moved(ids: readonly string[], index: number, step: -1 | 1): string[] {
  const next = [...ids];
  const target = index + step;
  const [item] = next.splice(index, 1);
  if (item === undefined || target < 0 || target > ids.length - 1) return [...ids];
  next.splice(target, 0, item);
  return next;
}
