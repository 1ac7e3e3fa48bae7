// Browser checks for the WCAG 2.2 AA criteria axe-core cannot see (issue 16), shared by every
// spec that adds a screen: focus hidden under the sticky header (2.4.11), text clipped under
// the text-spacing overrides (1.4.12), motion under reduced motion (2.3.3, 2.2.2) and the
// contrast of text over photos measured on rendered pixels (1.4.3). docs/accessibility.md
// says when to use which. Each returns what it found, so a failing test names the element.
import { createRequire } from "node:module";
import type { Locator, Page } from "playwright-core";
import sharp from "sharp";

const AXE_PATH = createRequire(import.meta.url).resolve("axe-core/axe.min.js");

/**
 * axe-core's serious and critical violations on the page, or within the first element matching
 * `within` (which must exist: a dialog that failed to open is not a clean audit), one line each
 * naming the rule and up to five elements. The page's CSP must let the injected script run
 * (a context made with bypassCSP).
 */
export async function seriousViolations(page: Page, within?: string): Promise<string[]> {
  await page.addScriptTag({ path: AXE_PATH });
  const violations = (await page.evaluate(async (selector) => {
    const axe = (
      window as unknown as {
        axe: { run: (context: Element | Document, options: object) => Promise<{ violations: unknown[] }> };
      }
    ).axe;
    const context = selector ? document.querySelector(selector) : document;
    if (!context) throw new Error(`nothing matches ${selector}`);
    return (await axe.run(context, { resultTypes: ["violations"] })).violations;
  }, within)) as { id: string; impact: string | null; help: string; nodes: { target: string[] }[] }[];
  return violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => {
      const nodes = v.nodes
        .slice(0, 5)
        .map((n) => n.target.join(" "))
        .join(", ");
      const more = v.nodes.length > 5 ? ` and ${v.nodes.length - 5} more` : "";
      return `${v.impact} ${v.id} (${v.help}): ${nodes}${more}`;
    });
}

/** Where a focused element lies under the site header: a short description per stop. */
export interface FocusStop {
  /** 1-based count of key presses from where the walk started. */
  press: number;
  key: "Tab" | "Shift+Tab";
  element: string;
  /** Share (0-1) of sample points of the focused box whose topmost element is the header. */
  covered: number;
}

/**
 * Presses Tab from the top of the page until the focus has gone through every stop (it
 * leaves the document or comes back to the first), then Shift+Tab back to the top. After
 * each press it samples the focused element's box (the part inside the viewport) on a grid
 * and asks the browser which element is topmost at each point: a point whose topmost element
 * belongs to the header is hidden by it. Returns every stop covered at all; controls inside
 * the header itself are skipped. `header` is a selector list: by default the sticky site header
 * and the phones' bottom tab bar (issue 24), every match counted. `maxPresses` bounds each
 * direction.
 */
export async function focusStopsUnderHeader(
  page: Page,
  { header = ".site-header, .tab-bar", maxPresses = 400 } = {},
): Promise<{ covered: FocusStop[]; presses: number }> {
  const covered: FocusStop[] = [];
  // Start before the first stop: the body, scrolled to the top.
  await page.evaluate(() => {
    (document.activeElement as HTMLElement | null)?.blur();
    window.scrollTo(0, 0);
  });
  let presses = 0;
  for (const key of ["Tab", "Shift+Tab"] as const) {
    let first: string | null = null;
    for (let press = 1; press <= maxPresses; press += 1) {
      await page.keyboard.press(key);
      presses += 1;
      const stop = await page.evaluate(coverageOfFocus, header);
      if (stop === null) break; // the focus left the document: every stop has been seen
      if (press === 1) first = stop.id;
      else if (stop.id === first) break; // wrapped round to the first stop
      if (stop.covered > 0) covered.push({ press, key, element: stop.element, covered: stop.covered });
    }
  }
  return { covered, presses };
}

/** Runs in the page: the focused element and how much of it the header covers. */
function coverageOfFocus(headerSelector: string): { id: string; element: string; covered: number } | null {
  const focused = document.activeElement;
  if (!focused || focused === document.body || focused === document.documentElement) return null;
  // Every match: the sticky header and the phones' bottom tab bar both float over the page.
  const headers = [...document.querySelectorAll(headerSelector)];
  const inHeader = (el: Element) => headers.some((header) => header.contains(el));
  const describe = (el: Element) => {
    const name = (el.getAttribute("aria-label") ?? el.textContent ?? "")
      .trim()
      .replace(/\s+/g, " ")
      .slice(0, 60);
    const id = el.id ? `#${el.id}` : "";
    return `<${el.tagName.toLowerCase()}${id}> "${name}"`;
  };
  // A stable identity for "back at the first stop": its path in the tree.
  const path: number[] = [];
  for (let el: Element | null = focused; el?.parentElement; el = el.parentElement) {
    path.unshift([...el.parentElement.children].indexOf(el));
  }
  const result = { id: path.join("."), element: describe(focused), covered: 0 };
  if (headers.length === 0 || inHeader(focused)) return result;
  const box = focused.getBoundingClientRect();
  const left = Math.max(box.left, 0);
  const right = Math.min(box.right, window.innerWidth);
  const top = Math.max(box.top, 0);
  const bottom = Math.min(box.bottom, window.innerHeight);
  if (right <= left || bottom <= top) return result; // nothing of it in the viewport to cover
  let hidden = 0;
  let points = 0;
  const steps = 6;
  for (let i = 0; i <= steps; i += 1) {
    for (let j = 0; j <= steps; j += 1) {
      // Inset from the edges: a rounded corner is not part of the element's hit area.
      const x = left + (right - left) * (0.1 + (0.8 * i) / steps);
      const y = top + (bottom - top) * (0.1 + (0.8 * j) / steps);
      points += 1;
      const topmost = document.elementFromPoint(x, y);
      if (topmost && inHeader(topmost)) hidden += 1;
    }
  }
  result.covered = Math.round((hidden / points) * 100) / 100;
  return result;
}

/**
 * The WCAG 1.4.12 text-spacing overrides (the W3C's own test bookmarklet): line height 1.5,
 * paragraph spacing 2em, letter spacing 0.12em, word spacing 0.16em. Needs a context with
 * bypassCSP, since the site's CSP rightly refuses an injected style.
 */
export const TEXT_SPACING_CSS = `
  * { line-height: 1.5 !important; letter-spacing: 0.12em !important; word-spacing: 0.16em !important; }
  p { margin-bottom: 2em !important; }
`;

export async function applyTextSpacing(page: Page): Promise<void> {
  await page.addStyleTag({ content: TEXT_SPACING_CSS });
  // Islands measure themselves on resize (a clamp that now overflows grows its More): let the
  // observers run and React commit before anything is measured, as a reader would see it.
  await page.evaluate(
    () =>
      new Promise<void>((resolve) =>
        requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve, 50))),
      ),
  );
}

/** One text cut short: partly outside a box that hides its overflow, or ended by an ellipsis. */
export interface ClippedText {
  text: string;
  element: string;
  how: "cut off" | "ellipsis" | "line clamp";
}

/**
 * Every visible text run that is partly outside an ancestor which hides overflow ("£11.50"
 * showing "£11."), and every element whose text an ellipsis or a line clamp shortens.
 * Scrollable boxes do not count (what they hide can be scrolled to), nor runs wholly outside
 * a box (a deliberate "first line only"), nor visually hidden text. Sections deferred with
 * content-visibility are rendered first so they are measured too.
 */
export async function clippedText(page: Page, within = "body"): Promise<ClippedText[]> {
  await page.addStyleTag({ content: ".deferred-render { content-visibility: visible !important; }" });
  return page.evaluate((rootSelector) => {
    const found: { text: string; element: string; how: "cut off" | "ellipsis" | "line clamp" }[] = [];
    const root = document.querySelector(rootSelector) ?? document.body;
    const describe = (el: Element) => {
      const classes = [...el.classList]
        .slice(0, 2)
        .map((c) => `.${c}`)
        .join("");
      return `<${el.tagName.toLowerCase()}${classes}>`;
    };
    const isVisuallyHidden = (el: Element) => {
      for (let a: Element | null = el; a; a = a.parentElement) {
        const style = getComputedStyle(a);
        if (style.display === "none" || style.visibility === "hidden") return true;
        if (style.clipPath === "inset(50%)") return true;
        if (a.classList.contains("visually-hidden") || a.classList.contains("skip-link")) return true;
      }
      return false;
    };
    const tolerance = 1;
    const shortened = new Set<Element>();
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent?.trim();
      const el = node.parentElement;
      if (!text || !el || isVisuallyHidden(el)) continue;
      // Ellipsis and line clamps shorten text without putting it outside any box.
      for (let a: Element | null = el; a && a !== document.body; a = a.parentElement) {
        const style = getComputedStyle(a);
        const clamp = style.getPropertyValue("-webkit-line-clamp");
        if (
          style.textOverflow === "ellipsis" &&
          a.scrollWidth > a.clientWidth + tolerance &&
          !shortened.has(a)
        ) {
          shortened.add(a);
          found.push({
            text: a.textContent?.trim().slice(0, 80) ?? "",
            element: describe(a),
            how: "ellipsis",
          });
        } else if (
          clamp &&
          clamp !== "none" &&
          a.scrollHeight > a.clientHeight + tolerance &&
          !shortened.has(a) &&
          // A clamp with its own More (a button that controls it, not yet expanded) loses
          // nothing: the rest is one press away (issue 24's review text, PostText).
          !(a.id && document.querySelector(`[aria-controls~="${CSS.escape(a.id)}"][aria-expanded="false"]`))
        ) {
          shortened.add(a);
          found.push({
            text: a.textContent?.trim().slice(0, 80) ?? "",
            element: describe(a),
            how: "line clamp",
          });
        }
      }
      const range = document.createRange();
      range.selectNodeContents(node);
      const runs = [...range.getClientRects()].filter((r) => r.width > 0 && r.height > 0);
      for (let a: Element | null = el; a && a !== document.documentElement; a = a.parentElement) {
        const style = getComputedStyle(a);
        const hidesX = style.overflowX === "hidden" || style.overflowX === "clip";
        const hidesY = style.overflowY === "hidden" || style.overflowY === "clip";
        if (!hidesX && !hidesY) continue;
        const box = a.getBoundingClientRect();
        const clipLeft = box.left + a.clientLeft;
        const clipTop = box.top + a.clientTop;
        const clipRight = clipLeft + a.clientWidth;
        const clipBottom = clipTop + a.clientHeight;
        const cut = runs.some((r) => {
          const outsideX = hidesX && (r.left < clipLeft - tolerance || r.right > clipRight + tolerance);
          const outsideY = hidesY && (r.top < clipTop - tolerance || r.bottom > clipBottom + tolerance);
          const whollyOutside =
            (hidesX && (r.right <= clipLeft || r.left >= clipRight)) ||
            (hidesY && (r.bottom <= clipTop || r.top >= clipBottom));
          return (outsideX || outsideY) && !whollyOutside;
        });
        if (cut) {
          found.push({
            text: text.slice(0, 80),
            element: `${describe(el)} in ${describe(a)}`,
            how: "cut off",
          });
          break;
        }
      }
    }
    return found;
  }, within);
}

/** Scripted and CSS motion a page started while it was being watched. */
export interface MotionReport {
  /** scrollTo/scrollBy/scrollIntoView calls that asked for smooth scrolling. */
  smoothScrolls: string[];
  /** CSS animations and transitions still running (not finished, not paused) with a real duration. */
  runningAnimations: string[];
  /** Elements whose scroll position changed while nobody touched the page. */
  movedOnTheirOwn: string[];
}

/**
 * Call before the page's scripts run (it installs a recorder of smooth scroll requests);
 * then `report(idleMs)` says what moved. For a context with reducedMotion: "reduce".
 */
export async function watchMotion(
  page: Page,
): Promise<{ report: (idleMs?: number) => Promise<MotionReport> }> {
  // report() runs the page's timers on this clock instead of waiting for them.
  await page.clock.install();
  await page.addInitScript(() => {
    const calls: string[] = [];
    (window as unknown as { __smoothScrolls: string[] }).__smoothScrolls = calls;
    const describe = (target: unknown) =>
      target instanceof Element ? `<${target.tagName.toLowerCase()} class="${target.className}">` : "window";
    const wrap = (proto: object, name: "scrollTo" | "scrollBy" | "scrollIntoView") => {
      const original = (proto as Record<string, (...args: unknown[]) => unknown>)[name];
      if (!original) return;
      (proto as Record<string, unknown>)[name] = function (this: unknown, ...args: unknown[]) {
        const options = args[0];
        if (options && typeof options === "object" && (options as ScrollToOptions).behavior === "smooth") {
          calls.push(`${name} on ${describe(this)}`);
        }
        return original.apply(this, args);
      };
    };
    for (const name of ["scrollTo", "scrollBy", "scrollIntoView"] as const) wrap(Element.prototype, name);
    for (const name of ["scrollTo", "scrollBy"] as const) wrap(window, name);
  });
  return {
    async report(idleMs = 3500) {
      const scrollPositions = () =>
        page.evaluate(() =>
          [...document.querySelectorAll("*")]
            .filter((el) => el.scrollWidth > el.clientWidth || el.scrollHeight > el.clientHeight)
            .map((el, index) => ({
              key: `${index}<${el.tagName.toLowerCase()} class="${el.className}">`,
              left: el.scrollLeft,
              top: el.scrollTop,
            })),
        );
      const before = await scrollPositions();
      // Whatever the page's timers would start in idleMs (an autoplay step, a delayed
      // animation) starts now; animations under way get up to idleMs to end, as they had when
      // this waited idleMs, and the wait is over as soon as they have.
      await page.clock.runFor(idleMs);
      await Promise.race([
        page.evaluate(() => Promise.allSettled(document.getAnimations().map((a) => a.finished))),
        new Promise((resolve) => setTimeout(resolve, idleMs)),
      ]);
      const after = await scrollPositions();
      const movedOnTheirOwn = after
        .filter((a) => {
          const b = before.find((x) => x.key === a.key);
          return b && (b.left !== a.left || b.top !== a.top);
        })
        .map((a) => a.key);
      return page.evaluate((moved) => {
        const runningAnimations = document
          .getAnimations()
          .filter((animation) => {
            if (animation.playState !== "running") return false;
            const timing = animation.effect?.getComputedTiming();
            const duration = Number(timing?.duration ?? 0);
            return duration > 1 || timing?.iterations === Infinity;
          })
          .map((animation) => {
            const target = (animation.effect as KeyframeEffect | null)?.target;
            const name =
              (animation as CSSAnimation).animationName ??
              (animation as CSSTransition).transitionProperty ??
              "animation";
            return `${name} on ${target ? `<${target.tagName.toLowerCase()} class="${target.className}">` : "?"}`;
          });
        return {
          smoothScrolls: [...(window as unknown as { __smoothScrolls: string[] }).__smoothScrolls],
          runningAnimations,
          movedOnTheirOwn: moved,
        };
      }, movedOnTheirOwn);
    },
  };
}

/** WCAG relative luminance of an sRGB colour given as 0-255 channels. */
export function luminance(r: number, g: number, b: number): number {
  const channel = (value: number) => {
    const c = value / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
}

export function contrastRatio(a: number, b: number): number {
  const [light, dark] = a > b ? [a, b] : [b, a];
  return (light + 0.05) / (dark + 0.05);
}

/** What textOverImageContrast measured for one element. */
export interface TextContrast {
  lowest: number;
  percentile2: number;
  letterPixels: number;
  colour: string;
}

/**
 * The contrast of `text` (an element whose text is light or dark on a photo) against the
 * pixels right under its letters, measured on what Chromium paints: one screenshot with the
 * text, one with it transparent. Pixels that differ are letter pixels; the background there
 * is read from the second shot and compared with the text's computed colour. Returns the
 * lowest ratio over the letter pixels and the 2nd percentile (anti-aliasing noise aside, the
 * lowest is what a reader meets at the worst spot).
 */
export async function textOverImageContrast(text: Locator): Promise<TextContrast> {
  return (await textsOverImageContrast([text]))[0]!;
}

/**
 * textOverImageContrast for several texts over the same photo (a caption's two lines), from one
 * pair of screenshots of the box around them all instead of a pair each. Every text is made
 * transparent in the second shot, so a pixel another text's shadow paints inside this text's
 * box counts as one of its letter pixels: never fewer pixels measured than one pair per text.
 * Texts that do not all fit in the viewport at once are measured a pair each.
 */
export async function textsOverImageContrast(texts: Locator[]): Promise<TextContrast[]> {
  if (texts.length === 0) return [];
  const page = texts[0]!.page();
  for (const text of texts) await text.scrollIntoViewIfNeeded();
  const boxes = await Promise.all(texts.map((text) => text.boundingBox()));
  const viewport = page.viewportSize();
  const fits = boxes.every(
    (box) =>
      box &&
      (!viewport ||
        (box.x >= 0 &&
          box.y >= 0 &&
          box.x + box.width <= viewport.width &&
          box.y + box.height <= viewport.height)),
  );
  if (texts.length > 1 && !fits) {
    const each: TextContrast[] = [];
    for (const text of texts) each.push(await textOverImageContrast(text));
    return each;
  }
  const clips = boxes.map((box) => {
    if (!box) throw new Error("the text has no box");
    return {
      x: Math.floor(box.x),
      y: Math.floor(box.y),
      width: Math.ceil(box.width),
      height: Math.ceil(box.height),
    };
  });
  const left = Math.min(...clips.map((c) => c.x));
  const top = Math.min(...clips.map((c) => c.y));
  const clip = {
    x: left,
    y: top,
    width: Math.max(...clips.map((c) => c.x + c.width)) - left,
    height: Math.max(...clips.map((c) => c.y + c.height)) - top,
  };
  const colours = await Promise.all(texts.map((text) => text.evaluate((el) => getComputedStyle(el).color)));
  const withText = await page.screenshot({ clip, animations: "disabled" });
  for (const text of texts) {
    await text.evaluate((el) => {
      for (const node of [el, ...el.querySelectorAll("*")] as HTMLElement[]) {
        node.style.setProperty("color", "transparent", "important");
        node.style.setProperty("text-shadow", "none", "important");
      }
    });
  }
  const withoutText = await page.screenshot({ clip, animations: "disabled" });
  for (const text of texts) {
    await text.evaluate((el) => {
      for (const node of [el, ...el.querySelectorAll("*")] as HTMLElement[]) {
        node.style.removeProperty("color");
        node.style.removeProperty("text-shadow");
      }
    });
  }
  const decode = (png: Buffer) => sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const [a, b] = await Promise.all([decode(withText), decode(withoutText)]);
  return clips.map((own, index) => {
    const [tr, tg, tb] = (colours[index]!.match(/[\d.]+/g) ?? ["255", "255", "255"]).map(Number);
    const textLuminance = luminance(tr!, tg!, tb!);
    const ratios: number[] = [];
    // The text's own box inside the shot, in device pixels.
    const width = a.info.width;
    const scale = width / clip.width;
    const x0 = Math.max(Math.floor((own.x - clip.x) * scale), 0);
    const y0 = Math.max(Math.floor((own.y - clip.y) * scale), 0);
    const x1 = Math.min(Math.ceil((own.x - clip.x + own.width) * scale), width);
    const y1 = Math.min(Math.ceil((own.y - clip.y + own.height) * scale), a.info.height);
    for (let y = y0; y < y1; y += 1) {
      for (let x = x0; x < x1; x += 1) {
        const i = (y * width + x) * 3;
        const diff =
          Math.abs(a.data[i]! - b.data[i]!) +
          Math.abs(a.data[i + 1]! - b.data[i + 1]!) +
          Math.abs(a.data[i + 2]! - b.data[i + 2]!);
        // A clear change: a letter (or its shadow) is painted here.
        if (diff < 60) continue;
        ratios.push(contrastRatio(textLuminance, luminance(b.data[i]!, b.data[i + 1]!, b.data[i + 2]!)));
      }
    }
    ratios.sort((x, y) => x - y);
    if (ratios.length === 0) throw new Error("no letter pixels found: is the text visible?");
    return {
      lowest: Math.round(ratios[0]! * 100) / 100,
      percentile2: Math.round(ratios[Math.floor(ratios.length * 0.02)]! * 100) / 100,
      letterPixels: ratios.length,
      colour: colours[index]!,
    };
  });
}
