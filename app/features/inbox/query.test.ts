import { describe, expect, it } from "vitest";

import type { LeadQuery } from "./inbox-service.ts";
import { isFiltered, isNarrowed, listSearch, readListParams } from "./query.ts";

const formIds = ["express", "valuation"];
const read = (search: string) => readListParams(new URLSearchParams(search), formIds);

describe("the list's address", () => {
  it.each<[string, LeadQuery, number]>([
    ["", {}, 1],
    [
      "?q=ana&formulario=express&estado=contactado&llamar=1&semana=1&pagina=3",
      { search: "ana", formId: "express", status: "contactado", toCallBack: true, thisWeek: true },
      3,
    ],
    ["?semana=1", { thisWeek: true }, 1],
  ])("reads %j and writes it back the same", (search, query, page) => {
    expect(read(search)).toEqual({ query, page });
    expect(listSearch(query, page)).toBe(search);
  });

  it("ignores what it does not know instead of passing it on", () => {
    expect(read("?formulario=admin&estado=borrado&llamar=si&semana=true&pagina=-2&extra=1")).toEqual({
      query: {},
      page: 1,
    });
    expect(read("?pagina=1.5").page).toBe(1);
    expect(read(`?q=${"x".repeat(500)}`).query.search).toHaveLength(200);
    expect(read("?q=%20%20").query).toEqual({});
  });

  it("tells a search from the filters behind 'more filters'", () => {
    expect([isFiltered({}), isNarrowed({})]).toEqual([false, false]);
    expect([isFiltered({ search: "ana" }), isNarrowed({ search: "ana" })]).toEqual([true, false]);
    for (const query of [
      { formId: "express" },
      { status: "spam" },
      { toCallBack: true },
      { thisWeek: true },
    ] as const)
      expect([isFiltered(query), isNarrowed(query)], JSON.stringify(query)).toEqual([true, true]);
  });
});
