import { lazy, Suspense, useEffect, useRef, useState, type ComponentType } from "react";
import { useFetchers, useLocation, useNavigation, useRevalidator } from "react-router";

/*
 * Islands (decision 036): parts of the chrome that every page draws but few visits use (the music
 * player, the footer) come in the server's HTML like the rest of the page, while their code loads
 * only once it is wanted: a pointer, a finger or the focus reaching them, the part scrolling near
 * the screen, the first navigation, or the part itself saying so (saved music to resume). Until
 * then React leaves their HTML as the server sent it (a dehydrated Suspense boundary) and hydrates
 * everything around it.
 *
 * On the server the code is imported when this module loads and the lazy component resolves
 * synchronously, so the HTML holds the island in place, never a fallback.
 */

export interface IslandOptions {
  /** Hydrates when the island comes within 200 px of the screen (a part low on the page). */
  whenVisible?: boolean;
  /**
   * Presses made before the code arrived are made again once it has hydrated. Only for islands whose
   * buttons have no default action: a form's submit button already works without JavaScript.
   */
  replayPresses?: boolean;
}

export interface Island<Props extends object> {
  /** The island in place: the server's HTML, hydrated once wanted. Its props should not change while it waits. */
  Island: ComponentType<Props & { className?: string }>;
  /** Starts loading the island's code; resolves once it has hydrated (or at once when it has). */
  want(): Promise<void>;
}

/**
 * Resolves synchronously, so React renders a loaded island without suspending (React's lazy reads
 * the result as soon as `then` returns; a Promise would call back later).
 */
function settled<T>(value: T): Promise<T> {
  return { then: (onFulfilled?: (value: T) => unknown) => onFulfilled?.(value) } as unknown as Promise<T>;
}

function EmptyIsland() {
  return null;
}

interface IslandRecord {
  want(): void;
  hydrated: boolean;
  options: IslandOptions;
  pressed: Set<HTMLElement>;
  /** A form sent before the code arrived, held back and sent again once it has hydrated. */
  submitted?: { form: HTMLFormElement; submitter: HTMLElement | null };
}
const islandsByName = new Map<string, IslandRecord>();

/** Set by the root layout once the page has hydrated: an island mounted after that has no server HTML to keep. */
let pageHydrated = false;
export function markPageHydrated() {
  pageHydrated = true;
}

/**
 * One set of listeners for every island, on the window in the capture phase: React's own listeners
 * on the document stop an event aimed at HTML it has not hydrated yet, before an element's
 * listener would hear it.
 */
const intentEvents = ["pointerover", "pointerdown", "touchstart", "focusin"] as const;
function onIntent(event: Event) {
  const target = event.target instanceof Element ? event.target.closest<HTMLElement>("[data-island]") : null;
  const island = target ? islandsByName.get(target.dataset.island ?? "") : undefined;
  if (!island || island.hydrated) return;
  island.want();
  if (event.type === "click" && island.options.replayPresses) {
    const button = (event.target as Element).closest<HTMLElement>("button");
    if (button) island.pressed.add(button);
  }
  // A form sent in the moment before its code arrived would leave the page by its no-JavaScript
  // path; it is held and sent again, with its messages and states, once the island runs.
  if (event.type === "submit" && event.target instanceof HTMLFormElement) {
    event.preventDefault();
    island.submitted = { form: event.target, submitter: (event as SubmitEvent).submitter };
  }
}
let listening = false;
function listenForIntent() {
  if (listening) return;
  listening = true;
  for (const type of [...intentEvents, "click"]) window.addEventListener(type, onIntent, { capture: true, passive: true });
  window.addEventListener("submit", onIntent, { capture: true });
}

export function defineIsland<Props extends object = object>(
  name: string,
  load: () => Promise<ComponentType<Props>>,
  options: IslandOptions = {},
): Island<Props> {
  let component: ComponentType<Props> | undefined;
  let loading: Promise<ComponentType<Props>> | undefined;
  const fetchCode = () =>
    (loading ??= load()
      .catch(() => load())
      // Code that cannot be fetched (offline, or a newer release replaced it) leaves the part as the
      // server drew it until a navigation needs it redrawn; then it is left out rather than holding the page.
      .catch(() => EmptyIsland as ComponentType<Props>)
      .then((loaded) => (component = loaded)));

  let hydrated!: () => void;
  const hydration = new Promise<void>((resolve) => (hydrated = resolve));
  let release!: () => void;
  const wanted = new Promise<void>((resolve) => (release = resolve));
  const record: IslandRecord = {
    want: () => {
      release();
      void fetchCode();
    },
    hydrated: false,
    options,
    pressed: new Set(),
  };
  islandsByName.set(name, record);
  if (import.meta.env.SSR) void fetchCode();

  /** The island's code, told when it has hydrated: presses made before then are made again. */
  function Hydrated(props: Props) {
    useEffect(() => {
      record.hydrated = true;
      hydrated();
      for (const button of record.pressed) if (button.isConnected) button.click();
      record.pressed.clear();
      const held = record.submitted;
      record.submitted = undefined;
      if (held?.form.isConnected) held.form.requestSubmit(held.submitter?.isConnected ? held.submitter : null);
    }, []);
    const Loaded = (component ?? EmptyIsland) as ComponentType<Props>;
    return <Loaded {...props} />;
  }

  const Content = lazy(() =>
    component
      ? settled({ default: Hydrated })
      : (import.meta.env.SSR ? fetchCode() : wanted.then(fetchCode)).then(() => ({ default: Hydrated })),
  );

  function IslandInPlace({ className, ...props }: Props & { className?: string }) {
    const ref = useRef<HTMLDivElement>(null);
    // React redraws an island under any change of the router's state: its HTML cannot say whether it
    // depends on it. Until the code is here such a redraw waits (React keeps the page as it is), so a
    // change that matters (a navigation, a form's submission, a revalidation) fetches the code at
    // once, alongside the next page's data; the router's restatement of the state it hydrated with
    // does not. An island drawn after the page hydrated (a navigation brought it) has no server HTML
    // to keep and loads at once.
    const [drawnAfterHydration] = useState(pageHydrated);
    const navigation = useNavigation();
    const fetchers = useFetchers();
    const revalidator = useRevalidator();
    const { key } = useLocation();
    const routerBusy = navigation.state !== "idle" || fetchers.length > 0 || revalidator.state !== "idle";
    const [keyAtFirstDraw] = useState(key);
    if (drawnAfterHydration || routerBusy || key !== keyAtFirstDraw) record.want();

    useEffect(() => {
      listenForIntent();
      const element = ref.current;
      if (!options.whenVisible || !element || typeof IntersectionObserver === "undefined") return;
      const observer = new IntersectionObserver(
        (entries) => {
          if (entries.some((entry) => entry.isIntersecting)) {
            record.want();
            observer.disconnect();
          }
        },
        { rootMargin: "200px" },
      );
      observer.observe(element);
      return () => observer.disconnect();
    }, []);

    return (
      <div ref={ref} data-island={name} className={className}>
        <Suspense fallback={null}>
          <Content {...(props as Props)} />
        </Suspense>
      </div>
    );
  }

  return {
    Island: IslandInPlace,
    want: () => {
      record.want();
      return hydration;
    },
  };
}
