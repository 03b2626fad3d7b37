import { QueryClient, QueryObserver } from "@tanstack/react-query";
import { afterEach, describe, expect, it } from "vitest";
import { lookAgain } from "./look-again";

/** A list on screen whose server answers are held until the test lets each one go. */
function heldList() {
  const rows = ["DPFKOM"];
  const answers: Array<() => void> = [];
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: 60_000 } } });
  const observer = new QueryObserver(client, {
    queryKey: ["cost-centres", "list"],
    // The answer is read when the request arrives, as the server does, and sent when released.
    queryFn: () => {
      const read = [...rows];
      return new Promise<string[]>((resolve) => answers.push(() => resolve(read)));
    },
  });
  const seen: Array<string[] | undefined> = [];
  const unsubscribe = observer.subscribe((r) => seen.push(r.data));
  return { client, observer, rows, answers, seen, unsubscribe };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe("lookAgain", () => {
  let stop = () => {};
  afterEach(() => stop());

  it("shows a row created while the list's first load was in flight", async () => {
    const list = heldList();
    stop = list.unsubscribe;
    await settle();
    expect(list.answers).toHaveLength(1); // the first load asked before the row existed

    list.rows.push("MKT-01"); // the create is written
    const done = lookAgain(list.client, ["cost-centres"]);
    await settle();
    expect(list.answers).toHaveLength(1); // the first load is not cancelled: the page is not left blank
    list.answers[0]!(); // the first load's (old) answer arrives after the create
    await settle();
    expect(list.seen.at(-1)).toEqual(["DPFKOM"]);
    expect(list.answers).toHaveLength(2); // a second load, asked after the create
    list.answers[1]!();
    await done;
    expect(list.observer.getCurrentResult().data).toEqual(["DPFKOM", "MKT-01"]);
  });

  it("invalidateQueries alone keeps the old answer in that case (why lookAgain exists)", async () => {
    const list = heldList();
    stop = list.unsubscribe;
    await settle();
    list.rows.push("MKT-01");
    const done = list.client.invalidateQueries({ queryKey: ["cost-centres"] });
    list.answers[0]!();
    await done;
    expect(list.answers).toHaveLength(1);
    expect(list.observer.getCurrentResult().data).toEqual(["DPFKOM"]);
  });

  it("refetches a list already shown once, keeping its rows on screen meanwhile", async () => {
    const list = heldList();
    stop = list.unsubscribe;
    await settle();
    list.answers[0]!();
    await settle();
    list.rows.push("MKT-01");
    const done = lookAgain(list.client, ["cost-centres"]);
    await settle();
    expect(list.observer.getCurrentResult().data).toEqual(["DPFKOM"]);
    list.answers[1]!();
    await done;
    expect(list.observer.getCurrentResult().data).toEqual(["DPFKOM", "MKT-01"]);
    expect(list.seen.every((d) => d === undefined || d.includes("DPFKOM"))).toBe(true);
  });
});
