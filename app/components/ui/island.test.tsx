import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { defineIsland } from "./island";

function Greeting({ name }: { name: string }) {
  return <p>Hello, {name}</p>;
}

describe("defineIsland on the server", () => {
  it("draws the island's content in the HTML, never its fallback, with the markers React hydrates against", async () => {
    let loads = 0;
    const island = defineIsland("greeting-test", async () => {
      loads += 1;
      return Greeting;
    });
    // The server imports the code when the island is defined; wait for that import.
    await new Promise((resolve) => setTimeout(resolve, 0));
    const Stub = createRoutesStub([{ path: "/", Component: () => <island.Island name="Ada" className="wrapper" /> }]);
    const html = renderToString(<Stub initialEntries={["/"]} />);
    expect(html).toContain('<div data-island="greeting-test" class="wrapper"><!--$--><p>Hello, <!-- -->Ada</p><!--/$--></div>');
    expect(loads).toBe(1);
  });

  it("falls back to leaving the island out when its code cannot be loaded, instead of failing the page", async () => {
    const island = defineIsland("broken-test", () => Promise.reject(new Error("chunk gone")));
    await new Promise((resolve) => setTimeout(resolve, 0));
    const Stub = createRoutesStub([{ path: "/", Component: () => <island.Island /> }]);
    expect(renderToString(<Stub initialEntries={["/"]} />)).toContain('<div data-island="broken-test"><!--$--><!--/$--></div>');
  });
});
