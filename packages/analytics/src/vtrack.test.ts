import { readFileSync } from 'node:fs';
import { memoryStorage, network } from '@plugin-center/test-fakes/analytics';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clickPlugin } from './click';
import { createTracker } from './tracker';
import type { AnalyticsWindow, TrackedRecord, Tracker } from './types';
import { type VisualConfig, visualConfigPlugin } from './visual';
import { type VisualEvent, type VisualEventElement, type VisualProperty, vtrackPlugin } from './vtrack';

/**
 * The reference: sa-sdk-javascript 1.27.11 itself, loaded from node_modules as it is (as the
 * site-linker test does), its `customProp` (custom properties) and `vtrackcollect.configIsMatch`.
 */
interface Sensors {
  para: unknown;
  customProp: {
    updateEvents(config: unknown): void;
    getVtrackProps(record: unknown): Record<string, unknown>;
  };
  vtrackcollect: { configIsMatch(properties: unknown, event: unknown): boolean };
}
const SDK = `${import.meta.dirname}/../../../node_modules/sa-sdk-javascript/dist/web/sensorsdata.es6.js`;
const sensors: Sensors = new Function(
  readFileSync(SDK, 'utf8').replace('export default sd$e;', 'return sd$e;'),
)();
sensors.para = {
  server_url: 'https://sa.example.com/sa?project=default',
  heatmap: { get_vtrack_config: true },
};
/** The custom properties Sensors adds to `record` (a `$WebClick`) with `config`. */
const sensorsProps = (config: VisualConfig, record: TrackedRecord) => {
  sensors.customProp.updateEvents(JSON.parse(JSON.stringify(config)));
  return sensors.customProp.getVtrackProps(JSON.parse(JSON.stringify(record)));
};

const CONF = '/config/visualized/Web.conf';
let tracker: Tracker | undefined;
afterEach(() => {
  tracker?.destroy();
  tracker = undefined;
  document.body.innerHTML = '';
  history.replaceState(null, '', '/');
});

/** A configured `webclick` event on this page (host, path `/plugins/`) with `event` and `properties`. */
const ev = (
  name: string,
  event: Partial<VisualEventElement>,
  properties: Partial<VisualProperty>[] = [],
): VisualEvent => ({
  event_name: name,
  event_type: 'webclick',
  event: { url_host: location.hostname, url_path: '/plugins/', ...event },
  properties: properties as VisualProperty[],
});
/** A `content` property named `name`. */
const prop = (name: string, p: Partial<VisualProperty>): Partial<VisualProperty> => ({
  name,
  method: 'content',
  type: 'STRING',
  regular: '',
  ...p,
});

/**
 * The real (happy-dom) page at `/plugins/` with `html` as its body, tracked with the click, visual
 * config and vtrack plugins; the fake network answers the visual config with `answer()`.
 */
async function page(html: string, events: VisualEvent[], interval?: number) {
  history.replaceState(null, '', '/plugins/');
  document.body.innerHTML = html;
  const config = { version: '1', os: 'Web', events };
  const state = { answer: () => new Response(JSON.stringify(config)) };
  const net = network((req) => (req.url.pathname === CONF ? state.answer() : new Response('{}')));
  const visual = visualConfigPlugin({ interval });
  tracker = createTracker({
    window: window as unknown as AnalyticsWindow,
    fetch: net.fetch,
    storage: memoryStorage(),
    server: 'https://sa.example.com',
    plugins: [clickPlugin(), visual, vtrackPlugin(visual)],
  });
  tracker.init();
  await vi.waitUntil(() => visual.getConfig());
  /** Clicks `selector`; the last `$WebClick` record sent. */
  const click = async (selector: string) => {
    document.querySelector(selector)!.dispatchEvent(new MouseEvent('click', { bubbles: true }));
    return (await net.records()).filter((r) => r.event === '$WebClick').at(-1)!;
  };
  return { click, net, visual, state, config };
}
/** The properties the vtrack plugin added (those not of the click itself). */
const added = (r: TrackedRecord) => {
  const {
    $lib,
    $lib_version,
    $url,
    $title,
    $element_type,
    $element_content,
    $element_path,
    $element_selector,
    ...rest
  } = r.properties;
  return rest;
};

const CARD = `
  <div id="square">
    <ul>
      <li><h3>Color picker</h3><span class="price">¥ 12.50</span><button>Install</button></li>
      <li><h3>Icons</h3><span class="price">free</span><button>Install</button></li>
    </ul>
    <p>Downloads: 1,024 <b>v2</b></p>
    <input value="  42 ">
    <a href="#more">More</a>
  </div>`;
const BUTTON2 = '#square > ul:nth-of-type(1) > li:nth-of-type(2) > button:nth-of-type(1)';

describe('vtrackPlugin: the visual config on $WebClick (Sensors customProp)', () => {
  it('adds the matching events’ names and their custom properties to the $WebClick sent', async () => {
    const events = [
      ev('InstallClick', { element_path: 'div#square > ul > li > button' }, [
        prop('plugin_name', { list_selector: ' > h3:nth-of-type(1)', element_selector: null }),
        prop('price', { list_selector: ' > span:nth-of-type(1)', regular: '[0-9.]+', type: 'NUMBER' }),
        prop('title', { element_selector: '#square > p:nth-of-type(1)', regular: 'Downloads' }),
      ]),
      ev('AnyInSquare', {
        element_field: 'element_selector',
        function: 'contain',
        element_selector: '#square',
      }),
      ev('OtherPage', { url_path: '/other/', element_path: 'div#square > ul > li > button' }),
    ];
    const { click, config } = await page(CARD, events);
    const first = await click('li button');
    expect(first.properties).toMatchObject({
      $element_path: 'div#square > ul > li > button',
      $element_content: 'Install',
      sensorsdata_web_visual_eventName: ['InstallClick', 'AnyInSquare'],
      plugin_name: 'Color picker',
      price: 12.5,
      title: 'Downloads',
    });
    const second = await click('li:nth-of-type(2) button');
    expect(second.properties.$element_selector).toBe(BUTTON2);
    // "free" is not a number: the price is skipped, as Sensors skips it
    expect(added(second)).toEqual({
      sensorsdata_web_visual_eventName: ['InstallClick', 'AnyInSquare'],
      plugin_name: 'Icons',
      title: 'Downloads',
    });
    // the same custom properties as Sensors' own code reads from this page for these clicks
    for (const r of [first, second]) {
      const { sensorsdata_web_visual_eventName, ...props } = added(r);
      const { plugin_name, price, title, ...click } = r.properties;
      expect(sensorsProps(config, { ...r, properties: click })).toEqual(props);
    }
  });

  it('leaves other events, and clicks no configured event matches, untouched', async () => {
    const { click, net } = await page(CARD, [
      ev('More', { element_path: 'div#square > a' }, [prop('x', { element_selector: 'body' })]),
    ]);
    tracker!.track('PluginInstall', { plugin_key: 'icons' });
    tracker!.trackPageview();
    const r = await click('li button');
    expect(added(r)).toEqual({});
    const others = (await net.records()).filter((x) => x.event !== '$WebClick');
    expect(others.map((x) => x.event)).toEqual(['PluginInstall', '$pageview']);
    for (const x of others) {
      expect(x.properties).not.toHaveProperty('sensorsdata_web_visual_eventName');
      expect(x.properties).not.toHaveProperty('x');
    }
  });

  it('stops adding them once a 205 clears the config', async () => {
    const { click, visual, state } = await page(
      CARD,
      [
        ev('More', { element_path: 'div#square > a' }, [
          prop('label', { element_selector: '#square > a:nth-of-type(1)' }),
        ]),
      ],
      30,
    );
    expect(added(await click('a'))).toEqual({ sensorsdata_web_visual_eventName: ['More'], label: 'More' });
    state.answer = () => new Response(null, { status: 205 });
    await vi.waitUntil(() => visual.getConfig()?.events === undefined);
    expect(visual.getConfig()).toEqual({});
    expect(added(await click('a'))).toEqual({});
  });

  it('adds nothing before a config arrives', async () => {
    document.body.innerHTML = CARD;
    const net = network((req) =>
      req.url.pathname === CONF ? new Promise<Response>(() => {}) : new Response('{}'),
    );
    const visual = visualConfigPlugin();
    tracker = createTracker({
      window: window as unknown as AnalyticsWindow,
      fetch: net.fetch,
      storage: memoryStorage(),
      plugins: [clickPlugin(), visual, vtrackPlugin(visual)],
    });
    tracker.init();
    document.querySelector('a')!.dispatchEvent(new MouseEvent('click', { bubbles: true }));
    const [r] = (await net.records()).filter((x) => x.event === '$WebClick');
    expect(added(r!)).toEqual({});
  });
});

describe('matching a click (Sensors filterConfig, configIsMatch)', () => {
  const HTML = '<div id="square"><section><div class="card"><a>Open <i>it</i></a></div></section></div>';
  const A_PATH = 'div#square > section > div > a';
  const A_SEL = '#square > section:nth-of-type(1) > div:nth-of-type(1) > a:nth-of-type(1)';
  it.each<[string, Partial<VisualEventElement>, boolean]>([
    ['path equal (older format)', { element_path: A_PATH }, true],
    ['path differs (older format)', { element_path: 'div#square > section > a' }, false],
    [
      'older format, a div path contained in the click’s',
      { element_path: 'div#square > section > div' },
      true,
    ],
    [
      'older format, a non-div path is not matched by containment',
      { element_path: 'div#square > section' },
      false,
    ],
    ['no element path', {}, false],
    ['host differs', { url_host: 'other.example.com', element_path: A_PATH }, false],
    ['path of the page differs', { url_path: '/plugins', element_path: A_PATH }, false],
    [
      'selector equal',
      { element_field: 'element_selector', function: 'equal', element_selector: A_SEL },
      true,
    ],
    [
      'selector equal, another one',
      {
        element_field: 'element_selector',
        function: 'equal',
        element_selector: A_SEL.replace('(1) > a', '(2) > a'),
      },
      false,
    ],
    [
      'selector contains',
      { element_field: 'element_selector', function: 'contain', element_selector: 'section:nth-of-type(1)' },
      true,
    ],
    [
      'path contains',
      { element_field: 'element_path', function: 'contain', element_path: 'section > div' },
      true,
    ],
    [
      'path equal, new format',
      { element_field: 'element_path', function: 'equal', element_path: A_PATH },
      true,
    ],
    [
      'path field, but only a selector',
      { element_field: 'element_path', function: 'equal', element_selector: A_SEL },
      false,
    ],
    [
      'unknown function',
      { element_field: 'element_path', function: 'starts' as 'equal', element_path: A_PATH },
      false,
    ],
    [
      'content limited, equal',
      { element_path: A_PATH, limit_element_content: true, element_content: 'Open it' },
      true,
    ],
    [
      'content limited, differs',
      { element_path: A_PATH, limit_element_content: true, element_content: 'Open' },
      false,
    ],
    ['content given but not limited', { element_path: A_PATH, element_content: 'Close' }, true],
    // our records carry no $element_position: a position-limited event never matches them
    [
      'position limited',
      { element_path: A_PATH, limit_element_position: true, element_position: '0' },
      false,
    ],
    ['position given but not limited', { element_path: A_PATH, element_position: '3' }, true],
  ])('%s → %s', async (_, event, expected) => {
    const e = ev('E', event, [prop('p', { element_selector: '#square' })]);
    const { click } = await page(HTML, [e]);
    const r = await click('i');
    expect(r.properties).toMatchObject({
      $element_path: A_PATH,
      $element_selector: A_SEL,
      $element_content: 'Open it',
    });
    expect(added(r)).toEqual(expected ? { sensorsdata_web_visual_eventName: ['E'], p: 'Open it' } : {});
    // as Sensors matches it
    const { p, sensorsdata_web_visual_eventName, ...click0 } = r.properties;
    const sensorsMatch =
      e.event!.url_host === location.hostname &&
      e.event!.url_path === location.pathname &&
      sensors.vtrackcollect.configIsMatch(click0, e.event);
    expect(sensorsMatch).toBe(expected);
    expect(sensorsProps({ events: [e] }, { ...r, properties: click0 })).toEqual(
      expected ? { p: 'Open it' } : {},
    );
  });

  it('skips events of another type, without an element, or malformed, and keeps the others', async () => {
    const good = ev('Good', { element_path: 'div#square > a' });
    const { click } = await page('<div id="square"><a>x</a></div>', [
      { ...good, event_type: 'webstay' },
      { ...good, event: undefined },
      null as unknown as VisualEvent,
      'junk' as unknown as VisualEvent,
      { ...good, event_name: 7 as unknown as string },
      good,
    ]);
    expect(added(await click('a'))).toEqual({ sensorsdata_web_visual_eventName: ['Good'] });
  });
});

describe('reading custom properties (Sensors getProp)', () => {
  const HTML = `
    <div id="square">
      <p>  Price:
        ¥ 1,299.00   each </p>
      <span>3.5e2</span><span></span><span>abc</span>
      <input value="  7 "><textarea>note</textarea>
      <ul><li><b>Alpha</b><a>go</a></li><li><b>Beta</b><a>go</a></li></ul>
      <a id="btn">Buy</a>
    </div>`;
  it.each<[string, Partial<VisualProperty>, unknown]>([
    [
      'text, trimmed, spaces collapsed',
      { element_selector: '#square > p:nth-of-type(1)' },
      'Price: ¥ 1,299.00 each',
    ],
    [
      'first match of the regular expression',
      { element_selector: '#square > p:nth-of-type(1)', regular: '[0-9,.]+' },
      '1,299.00',
    ],
    [
      'a regular expression that does not match',
      { element_selector: '#square > p:nth-of-type(1)', regular: 'USD' },
      undefined,
    ],
    [
      'an invalid regular expression',
      { element_selector: '#square > p:nth-of-type(1)', regular: '([' },
      undefined,
    ],
    ['a number', { element_selector: '#square > span:nth-of-type(1)', type: 'NUMBER' }, 350],
    [
      'a number from a match',
      { element_selector: '#square > p:nth-of-type(1)', regular: '[0-9.]+', type: 'NUMBER' },
      1,
    ],
    ['not a number', { element_selector: '#square > span:nth-of-type(3)', type: 'NUMBER' }, undefined],
    ['an empty number', { element_selector: '#square > span:nth-of-type(2)', type: 'NUMBER' }, undefined],
    ['an empty text', { element_selector: '#square > span:nth-of-type(2)' }, ''],
    ['an input’s value', { element_selector: '#square > input:nth-of-type(1)' }, '  7 '],
    [
      'an input’s value as a number',
      { element_selector: '#square > input:nth-of-type(1)', type: 'NUMBER' },
      7,
    ],
    ['from body', { element_selector: 'body > div:nth-of-type(1) > a:nth-of-type(1)' }, 'Buy'],
    ['a missing element', { element_selector: '#square > span:nth-of-type(9)' }, undefined],
    ['a missing id', { element_selector: '#nothing > span:nth-of-type(1)' }, undefined],
    ['a step without nth-of-type', { element_selector: '#square > span' }, undefined],
    ['nth-of-type(0)', { element_selector: '#square > span:nth-of-type(0)' }, undefined],
    ['in the clicked element’s li', { element_selector: null, list_selector: ' > b:nth-of-type(1)' }, 'Beta'],
    ['the li itself', { element_selector: '', list_selector: '' }, 'Betago'],
    ['neither selector', { element_selector: null }, undefined],
    ['another method', { element_selector: '#btn', method: 'attribute' }, undefined],
    ['another type', { element_selector: '#btn', type: 'BOOL' }, undefined],
  ])('%s → %s', async (_, p, expected) => {
    const q = prop('v', p);
    const e = ev('E', { element_path: 'div#square > ul > li > a' }, [q]);
    const { click } = await page(HTML, [e]);
    const r = await click('li:nth-of-type(2) a');
    expect(r.properties.v).toEqual(expected);
    expect(r.properties.sensorsdata_web_visual_eventName).toEqual(['E']);
    // as Sensors reads it
    const { v, sensorsdata_web_visual_eventName, ...click0 } = r.properties;
    expect(sensorsProps({ events: [e] }, { ...r, properties: click0 })).toEqual(
      expected === undefined ? {} : { v: expected },
    );
  });

  it('skips a property without a name, and lets a later property of the same name win', async () => {
    const e = ev('E', { element_path: 'div#square > a' }, [
      prop('', { element_selector: '#square > a:nth-of-type(1)' }),
      prop('label', { element_selector: '#square > b:nth-of-type(1)' }),
      prop('label', { element_selector: '#square > a:nth-of-type(1)' }),
      null as unknown as VisualProperty,
    ]);
    const { click } = await page('<div id="square"><b>first</b><a>second</a></div>', [e]);
    expect(added(await click('a'))).toEqual({ sensorsdata_web_visual_eventName: ['E'], label: 'second' });
  });
});
