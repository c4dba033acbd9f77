import { network } from '@plugin-center/test-fakes/analytics';
import { afterEach, describe, expect, it } from 'vitest';
import { type ClickOptions, clickPlugin, elementPath } from './click';
import { createTracker } from './tracker';
import type { AnalyticsWindow, Tracker } from './types';

let tracker: Tracker | undefined;
afterEach(() => {
  tracker?.destroy();
  document.body.innerHTML = '';
});

/** The real (happy-dom) page with `html` as its body, tracked with the click plugin. */
function page(html: string, options?: ClickOptions) {
  document.body.innerHTML = html;
  const net = network();
  tracker = createTracker({
    window: window as unknown as AnalyticsWindow,
    fetch: net.fetch,
    storage: localStorage,
    plugins: [clickPlugin(options)],
  });
  tracker.init();
  const click = async (selector: string) => {
    document.querySelector(selector)!.dispatchEvent(new MouseEvent('click', { bubbles: true }));
    return (await net.records()).filter((r) => r.event === '$WebClick');
  };
  return { click, net };
}

describe('$WebClick (SPEC §3, §9)', () => {
  it('collects a link: type, content, path and selector', async () => {
    const { click } = page(
      '<div><p>intro</p></div><div><ul><li><a href="/plugins/x">  Open\n  plugin </a></li></ul></div>',
    );
    expect(await click('a')).toMatchObject([
      {
        type: 'track',
        event: '$WebClick',
        properties: {
          $element_type: 'a',
          $element_content: 'Open plugin',
          $element_path: 'body > div > ul > li > a',
          $element_selector:
            'body > div:nth-of-type(2) > ul:nth-of-type(1) > li:nth-of-type(1) > a:nth-of-type(1)',
        },
      },
    ]);
  });

  it('starts the path and selector at the nearest element with an id', async () => {
    const { click } = page(
      '<section id="square"><button>Like</button><button><b>Install</b></button></section>',
    );
    expect((await click('button:nth-of-type(2) b'))[0]!.properties).toMatchObject({
      $element_type: 'button',
      $element_content: 'Install',
      $element_path: 'section#square > button',
      $element_selector: '#square > button:nth-of-type(2)',
    });
  });

  it('collects buttons, inputs (value of button inputs only), textareas and [data-sensors-click]', async () => {
    const { click } = page(
      '<input type="submit" value="Save"><input type="text" value="secret"><textarea>t</textarea><span data-sensors-click><i>card</i></span>',
    );
    expect((await click('input[type=submit]'))[0]!.properties).toMatchObject({
      $element_type: 'input',
      $element_content: 'Save',
    });
    expect((await click('input[type=text]'))[1]!.properties.$element_content).toBe('');
    expect((await click('textarea'))[2]!.properties.$element_type).toBe('textarea');
    expect((await click('i'))[3]!.properties).toMatchObject({
      $element_type: 'span',
      $element_content: 'card',
    });
  });

  it('ignores other elements, and divs unless asked', async () => {
    const { click } = page('<div class="card"><p>text</p></div>');
    expect(await click('p')).toHaveLength(0);
    expect(await click('div')).toHaveLength(0);
  });

  it.each([
    [1, ['lvl1'], ['lvl2', 'lvl3', 'lvl4']],
    [2, ['lvl1', 'lvl2'], ['lvl3', 'lvl4']],
    [3, ['lvl1', 'lvl2', 'lvl3'], ['lvl4']],
    [true, ['lvl1', 'lvl2', 'lvl3'], ['lvl4']],
  ] as const)('collects divs nested up to %s levels', async (div, collected, ignored) => {
    const { click } = page(
      `<div id="lvl1"><em>1</em></div>
       <div id="lvl2"><div><em>2</em></div></div>
       <div id="lvl3"><div><div><em>3</em></div></div></div>
       <div id="lvl4"><div><div><div><em>4</em></div></div></div></div>`,
      { div },
    );
    for (const id of collected) {
      const records = await click(`#${id}`);
      expect(records.at(-1)!.properties).toMatchObject({ $element_type: 'div', $element_path: `div#${id}` });
    }
    const before = (await click('#lvl1')).length;
    for (const id of ignored) expect(await click(`#${id}`)).toHaveLength(before);
  });

  it('counts a click inside a small div for the div', async () => {
    const { click } = page('<div class="tag"><span>Design</span></div>', { div: 1 });
    expect((await click('span'))[0]!.properties).toMatchObject({
      $element_type: 'div',
      $element_content: 'Design',
    });
  });

  it('builds paths without an id up to body', async () => {
    document.body.innerHTML = '<main><p></p><p><a>x</a></p></main>';
    expect(elementPath(document.querySelector('a')!)).toEqual([
      'body > main > p > a',
      'body > main:nth-of-type(1) > p:nth-of-type(2) > a:nth-of-type(1)',
    ]);
  });
});
