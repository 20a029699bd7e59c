/** A list's search in the address, so a reload, a link or the back button keeps it: `?zoek=piet&status=inactief&pagina=2`. */
export interface ListSearch {
  zoek: string;
  /** `inactief`: the people waiting for activation (or switched off). */
  status: 'alle' | 'actief' | 'inactief';
  /** From 1. */
  pagina: number;
}

/** Reads the address's search leniently: anything odd is the default. */
export function readListSearch(search: Record<string, unknown>): ListSearch {
  const zoek = typeof search.zoek === 'string' ? search.zoek : typeof search.zoek === 'number' ? String(search.zoek) : '';
  const status = search.status === 'actief' || search.status === 'inactief' ? search.status : 'alle';
  const page = typeof search.pagina === 'number' ? search.pagina : Number(search.pagina);
  return { zoek, status, pagina: Number.isInteger(page) && page > 0 ? page : 1 };
}

/** The search as the address carries it: defaults left out. */
export function writeListSearch(search: ListSearch): Record<string, string | number> {
  return {
    ...(search.zoek ? { zoek: search.zoek } : {}),
    ...(search.status !== 'alle' ? { status: search.status } : {}),
    ...(search.pagina > 1 ? { pagina: search.pagina } : {}),
  };
}
