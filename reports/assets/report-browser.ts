// The HTML report card in the browser: outcome filters, search, the overview matrix as a filter, transcripts built
// on the first opening of a check (as text nodes only: nothing the implementation under test sent becomes markup),
// and links to a check that open it. reports/html.ts inlines the built script (reports/assets/tsconfig.json: DOM
// types, a classic script, comments removed) and pins it by hash in the page's Content-Security-Policy.

(() => {
  const doc = document;

  function byId<T extends HTMLElement>(id: string): T {
    const element = doc.getElementById(id);
    if (!element) throw new Error(`the report card has no #${id}`);
    return element as T;
  }

  // Transcript entries rendered per step; the page says how many (reports/html.ts TRANSCRIPT_CHUNK).
  const chunk = Number(doc.documentElement.dataset.transcriptChunk) || 300;
  const checks = Array.from(doc.querySelectorAll<HTMLDetailsElement>('details.check'));
  const filterButtons = Array.from(doc.querySelectorAll<HTMLButtonElement>('[data-filter]'));
  const cellButtons = Array.from(doc.querySelectorAll<HTMLButtonElement>('.matrix [data-cell-outcome], .matrix .rowhead'));
  const search = byId<HTMLInputElement>('search');
  const shown = byId('shown-count');
  const noMatch = byId('no-match');
  const sectionBox = byId('section-filter');
  const sectionName = byId('section-name');
  const eraGroups = Array.from(doc.querySelectorAll<HTMLElement>('.era-group'));
  const state: { outcome: string; section: string | null; era: string | null; query: string } = { outcome: 'all', section: null, era: null, query: '' };

  function matches(check: HTMLElement): boolean {
    if (state.outcome !== 'all' && check.dataset.outcome !== state.outcome) return false;
    if (state.section !== null && check.dataset.section !== state.section) return false;
    if (state.era !== null && check.dataset.era !== state.era) return false;
    if (state.query && !(check.dataset.search ?? '').includes(state.query)) return false;
    return true;
  }

  /** The section (of its era) and outcome a matrix button filters by; a row head means every outcome. */
  function cellFilter(button: HTMLElement): { section: string | null; era: string | null; outcome: string } {
    return { section: button.dataset.section ?? null, era: button.dataset.era ?? null, outcome: button.dataset.cellOutcome ?? 'all' };
  }

  function apply(): void {
    let count = 0;
    for (const check of checks) {
      const ok = matches(check);
      check.hidden = !ok;
      if (ok) count += 1;
    }
    // An era's heading goes with its checks: hidden when none of them is shown.
    for (const group of eraGroups) group.hidden = group.querySelector('details.check:not([hidden])') === null;
    shown.textContent = `${count} of ${checks.length}${checks.length === 1 ? ' check' : ' checks'}`;
    noMatch.hidden = count > 0;
    for (const button of filterButtons) button.setAttribute('aria-pressed', String(button.dataset.filter === state.outcome));
    for (const button of cellButtons) {
      const { section, era, outcome } = cellFilter(button);
      const pressed = section === state.section && era === state.era && outcome === state.outcome && (section !== null || outcome !== 'all');
      button.setAttribute('aria-pressed', String(pressed));
    }
    sectionBox.hidden = state.section === null;
    sectionName.textContent = state.section === null ? '' : state.era ? `${state.section} (${state.era})` : state.section;
  }

  function resetFilters(): void {
    state.outcome = 'all';
    state.section = null;
    state.era = null;
    state.query = '';
    search.value = '';
  }

  for (const button of filterButtons) {
    button.addEventListener('click', () => {
      state.outcome = button.dataset.filter ?? 'all';
      apply();
    });
  }
  for (const button of cellButtons) {
    button.addEventListener('click', () => {
      const { section, era, outcome } = cellFilter(button);
      const pressed = button.getAttribute('aria-pressed') === 'true';
      state.section = pressed ? null : section;
      state.era = pressed ? null : era;
      state.outcome = pressed ? 'all' : outcome;
      apply();
      byId('checks-h').scrollIntoView({ block: 'start' });
    });
  }
  search.addEventListener('input', () => {
    state.query = search.value.trim().toLowerCase();
    apply();
  });
  byId('clear-section').addEventListener('click', () => {
    state.section = null;
    state.era = null;
    apply();
  });
  byId('clear-filters').addEventListener('click', () => {
    resetFilters();
    apply();
  });
  byId('expand-all').addEventListener('click', () => {
    for (const check of checks) if (!check.hidden) check.open = true;
  });
  byId('collapse-all').addEventListener('click', () => {
    for (const check of checks) check.open = false;
  });
  doc.addEventListener('keydown', (event) => {
    const tag = event.target instanceof HTMLElement ? event.target.tagName : '';
    if (event.key === '/' && tag !== 'INPUT' && tag !== 'TEXTAREA' && !event.ctrlKey && !event.metaKey && !event.altKey) {
      event.preventDefault();
      search.focus();
      search.select();
    } else if (event.key === 'Escape' && event.target === search) {
      search.value = '';
      state.query = '';
      apply();
    }
  });

  // ------------------------------------------------------------------ transcripts, built on first opening

  type Direction = 'out' | 'in' | 'stderr' | 'note';
  /** One transcript entry as the page embeds it (the JSON report's transcript entry). */
  interface Entry {
    t?: unknown;
    dir?: unknown;
    conn?: unknown;
    message?: unknown;
    text?: unknown;
  }

  /** Control characters other than tab and line breaks, shown as their Unicode control pictures (␀, ␛, …). */
  const CONTROLS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g;
  function visible(text: unknown): string {
    return String(text).replace(CONTROLS, (c) => String.fromCharCode(c === '\u007f' ? 0x2421 : 0x2400 + c.charCodeAt(0)));
  }

  function element(tag: string, className: string, text?: string): HTMLElement {
    const node = doc.createElement(tag);
    if (className) node.className = className;
    if (text !== undefined) node.textContent = text;
    return node;
  }

  const DIRECTIONS: Record<Direction, { arrow: string; meaning: string }> = {
    out: { arrow: '\u2192', meaning: 'sent to the target' },
    in: { arrow: '\u2190', meaning: 'received from the target' },
    stderr: { arrow: 'stderr', meaning: 'written by the target to stderr' },
    note: { arrow: 'note', meaning: 'a remark of the harness' },
  };
  const JSON_TOKEN = /("(?:[^"\\]|\\.)*")(\s*:)?|\b(?:true|false|null)\b|-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?/g;

  /** The message pretty-printed, its keys, strings, numbers and literals in spans for colour. */
  function jsonPre(value: unknown): HTMLElement {
    const pre = element('pre', 'json');
    let text: string | undefined;
    try {
      text = JSON.stringify(value, null, 2);
    } catch {
      text = undefined;
    }
    text ??= String(value);
    let last = 0;
    JSON_TOKEN.lastIndex = 0;
    for (let match = JSON_TOKEN.exec(text); match !== null; match = JSON_TOKEN.exec(text)) {
      if (match.index > last) pre.append(text.slice(last, match.index));
      const [token, quoted, colon] = match;
      if (quoted !== undefined && colon !== undefined) {
        pre.append(element('span', 'j-k', quoted), colon);
      } else {
        const kind = quoted !== undefined ? 'j-s' : /^[tfn]/.test(token) ? 'j-l' : 'j-n';
        pre.append(element('span', kind, token));
      }
      last = match.index + token.length;
    }
    if (last < text.length) pre.append(text.slice(last));
    return pre;
  }

  function isRecord(value: unknown): value is Record<string, unknown> {
    return value !== null && typeof value === 'object' && !Array.isArray(value);
  }

  /**
   * What a message is, in a few words: its method, or "result"/"error" with the method of the request it answers.
   * `requests` maps "conn dir id" to the method, so that a response can name the request it answers.
   */
  function describe(message: unknown, dir: Direction, conn: string, requests: Map<string, string>): { what: string; isError: boolean } {
    if (!isRecord(message)) return { what: '', isError: false };
    const hasId = message.id !== undefined && message.id !== null;
    const idText = hasId ? (typeof message.id === 'string' ? message.id : JSON.stringify(message.id)) : '';
    const id = hasId ? ` #${idText}` : '';
    if (typeof message.method === 'string') {
      if (hasId) requests.set(`${conn} ${dir} ${idText}`, message.method);
      return { what: message.method + id, isError: false };
    }
    const asked = requests.get(`${conn} ${dir === 'in' ? 'out' : 'in'} ${idText}`);
    const answers = hasId && asked ? ` (${asked})` : '';
    if (message.error !== undefined) {
      const code = isRecord(message.error) && message.error.code !== undefined ? ` ${JSON.stringify(message.error.code)}` : '';
      return { what: `error${code}${id}${answers}`, isError: true };
    }
    if (message.result !== undefined) return { what: `result${id}${answers}`, isError: false };
    return { what: '', isError: false };
  }

  function entryNode(entry: Entry, requests: Map<string, string>): HTMLElement {
    const dir: Direction = typeof entry.dir === 'string' && Object.hasOwn(DIRECTIONS, entry.dir) ? (entry.dir as Direction) : 'note';
    const item = element('li', `entry dir-${dir}`);
    // A finding's "seen at" finds its message by this.
    if (typeof entry.t === 'number') item.dataset.t = String(entry.t);
    const head = element('div', 'entry-head');
    const t = typeof entry.t === 'number' && Number.isFinite(entry.t) ? String(Math.round(entry.t)) : '?';
    head.append(element('span', 't', `+${t} ms`));
    const arrow = element('span', 'dir', DIRECTIONS[dir].arrow);
    arrow.title = DIRECTIONS[dir].meaning;
    arrow.setAttribute('aria-label', DIRECTIONS[dir].meaning);
    head.append(arrow);
    if (entry.conn !== undefined) head.append(element('span', 'conn', visible(entry.conn)));
    if (entry.message !== undefined) {
      const { what, isError } = describe(entry.message, dir, String(entry.conn), requests);
      if (what) head.append(element('span', isError ? 'what is-error' : 'what', visible(what)));
    }
    item.append(head);
    if (entry.message !== undefined) item.append(jsonPre(entry.message));
    if (entry.text !== undefined) item.append(element('pre', 'text', visible(entry.text)));
    return item;
  }

  /** Renders one chunk of entries from `start`, and a button for the next chunk when there is more. */
  function renderFrom(list: HTMLElement, box: HTMLElement, entries: readonly Entry[], start: number, requests: Map<string, string>): void {
    const end = Math.min(entries.length, start + chunk);
    const fragment = doc.createDocumentFragment();
    for (let index = start; index < end; index += 1) fragment.append(entryNode(entries[index] ?? {}, requests));
    list.append(fragment);
    if (end < entries.length) {
      const rest = entries.length - end;
      const more = element('button', 'more', `Show ${Math.min(chunk, rest)} more (${rest} not shown yet)`) as HTMLButtonElement;
      more.type = 'button';
      more.addEventListener('click', () => {
        more.remove();
        renderFrom(list, box, entries, end, requests);
      });
      box.append(more);
    }
  }

  function renderTranscript(details: HTMLDetailsElement): void {
    const box = details.querySelector<HTMLElement>('.transcript');
    if (!box || box.dataset.rendered === 'true') return;
    box.dataset.rendered = 'true';
    const data = details.querySelector('script.transcript-data');
    let entries: unknown;
    try {
      entries = JSON.parse(data?.textContent ?? '[]');
    } catch (error) {
      box.textContent = `The transcript could not be read: ${error instanceof Error ? error.message : String(error)}`;
      return;
    }
    box.textContent = '';
    const list = element('ol', 'entries');
    box.append(list);
    renderFrom(list, box, Array.isArray(entries) ? (entries as Entry[]) : [], 0, new Map());
  }

  for (const details of checks) {
    details.addEventListener('toggle', () => {
      if (details.open) renderTranscript(details);
    });
    if (details.open) renderTranscript(details);
  }

  // ------------------------------------------------------------------ a finding's "seen at": to its message in the transcript

  doc.addEventListener('click', (event) => {
    const link = event.target instanceof Element ? event.target.closest<HTMLElement>('.seen-at-link') : null;
    const details = link?.closest<HTMLDetailsElement>('details.check');
    if (!link || !details) return;
    renderTranscript(details);
    const wanted = link.dataset.seenAt;
    const find = () => [...details.querySelectorAll<HTMLElement>('.transcript li.entry')].find((entry) => entry.dataset.t === wanted);
    let found = find();
    // Entries come in chunks: show more until the one wanted is there (or there is no more).
    for (let more = details.querySelector<HTMLButtonElement>('.transcript button.more'); !found && more; more = details.querySelector('.transcript button.more')) {
      more.click();
      found = find();
    }
    if (!found) return;
    for (const previous of details.querySelectorAll('.transcript li.entry.hit')) previous.classList.remove('hit');
    found.classList.add('hit');
    found.scrollIntoView({ block: 'center' });
  });

  // ------------------------------------------------------------------ links to a check (#check-ID)

  function reveal(): void {
    let id: string;
    try {
      id = decodeURIComponent(location.hash.slice(1));
    } catch {
      return;
    }
    if (!id) return;
    const target = doc.getElementById(id);
    if (!target) return;
    if (target instanceof HTMLDetailsElement && target.classList.contains('check')) {
      if (target.hidden) {
        resetFilters();
        apply();
      }
      target.open = true;
    }
    target.scrollIntoView({ block: 'start' });
  }
  window.addEventListener('hashchange', reveal);

  // ------------------------------------------------------------------ the sticky toolbar never covers what a jump shows

  // Checks keep a scroll margin of the toolbar's height (report.css), which grows when the toolbar wraps.
  const toolbar = doc.querySelector<HTMLElement>('.toolbar');
  function measureToolbar(): void {
    if (toolbar) doc.documentElement.style.setProperty('--toolbar-height', `${Math.ceil(toolbar.getBoundingClientRect().height)}px`);
  }
  measureToolbar();
  if (toolbar && typeof ResizeObserver === 'function') new ResizeObserver(measureToolbar).observe(toolbar);

  // ------------------------------------------------------------------ copy a rerun command

  for (const button of Array.from(doc.querySelectorAll<HTMLButtonElement>('button.copy[data-copy]'))) {
    button.addEventListener('click', () => {
      const source = doc.getElementById(button.dataset.copy ?? '');
      if (!source) return;
      // Selected as well, so that Ctrl+C copies it where the clipboard is not offered (a file:// page in some browsers).
      const range = doc.createRange();
      range.selectNodeContents(source);
      const selection = window.getSelection();
      selection?.removeAllRanges();
      selection?.addRange(range);
      const done = (word: string) => {
        button.textContent = word;
        button.dataset.copied = word === 'Copied' ? 'true' : 'selected';
      };
      if (navigator.clipboard?.writeText) {
        navigator.clipboard.writeText(source.textContent ?? '').then(
          () => done('Copied'),
          () => done('Selected: press Ctrl+C'),
        );
      } else {
        done('Selected: press Ctrl+C');
      }
    });
  }

  apply();
  reveal();
  doc.documentElement.dataset.ready = 'true';
})();
