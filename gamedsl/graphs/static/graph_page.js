// The graph page: Cytoscape.js on the positions the Python layout computed, fitted to the window;
// search, collapse/expand, and a side panel with each node's or edge's full text. No network.
(function () {
  'use strict';
  const DATA = JSON.parse(document.getElementById('graph-data').textContent);
  const started = performance.now();
  const BIG = DATA.nodes.length > 800;
  const FONT = 11, LINE = 14, PAD_X = 10, PAD_Y = 7, GAP = 14;
  const MIN_FONT = 6;  // texts drawn smaller than this are left out
  const MOST_LABELS_IN = 3;  // a box reached by more moves names the first three; the panel has all

  // Box sizes from the labels' measured text, so that every label fits its box.
  const ctx = document.createElement('canvas').getContext('2d');
  ctx.font = FONT + 'px Helvetica, Arial, sans-serif';
  function boxOf(label) {
    const lines = String(label).split('\n');
    const wide = lines.reduce((m, l) => Math.max(m, ctx.measureText(l).width), 0);
    return [Math.ceil(wide) + 2 * PAD_X, lines.length * LINE + 2 * PAD_Y];
  }

  // The layout's coordinates may be in any unit: spread them until no two boxes overlap. Each
  // box's need is set by its tightest neighbour; a few nearly coincident boxes (more than four
  // times the median need) do not shrink the whole picture.
  function spread(nodes) {
    const n = nodes.length;
    if (n < 2 || n > 6000) return 1;
    const need = new Float64Array(n);
    for (let i = 0; i < n; i++) {
      const a = nodes[i];
      for (let j = i + 1; j < n; j++) {
        const b = nodes[j];
        const dx = Math.abs(a.x - b.x), dy = Math.abs(a.y - b.y);
        if (dx === 0 && dy === 0) continue;
        const sx = dx ? ((a.room + b.room) / 2 + GAP) / dx : Infinity;
        const sy = dy ? ((a.h + b.h) / 2 + GAP) / dy : Infinity;
        const k = Math.min(sx, sy);
        if (k > need[i]) need[i] = k;
        if (k > need[j]) need[j] = k;
      }
    }
    const sorted = Array.from(need).sort((a, b) => a - b);
    const median = sorted[Math.floor(n / 2)];
    return Math.max(1, Math.min(sorted[n - 1], 4 * median));
  }

  const nodes = DATA.nodes.map(n => {
    const [w, h] = boxOf(n.label);
    return Object.assign({}, n, {w: w, h: h, room: w});
  });
  // Which way the ranks run: a layered layout puts the positions of one depth on one x (ranks
  // run rightward) or on one y (downward), or at least puts them on few distinct lines (a layout
  // that ranks by the longest way in rather than the shortest). Anything else: curved edges.
  const where = {};
  nodes.forEach(n => { where[n.id] = n; });
  const distinct = key => new Set(nodes.map(n => n[key])).size;
  function isRankedOn(key, other) {
    const at = new Map();
    const byDepth = nodes.every(n => {
      if (typeof n.depth !== 'number') return false;
      if (!at.has(n.depth)) at.set(n.depth, n[key]);
      return Math.abs(at.get(n.depth) - n[key]) <= 1e-6 * (1 + Math.abs(n[key]));
    });
    return byDepth || (distinct(key) <= nodes.length / 3 && distinct(key) < distinct(other));
  }
  const moves = DATA.kind === 'moves';
  const acrossX = moves && isRankedOn('x', 'y'), acrossY = moves && !acrossX && isRankedOn('y', 'x');
  const layered = acrossX || acrossY;
  const taxiDirection = acrossY ? 'downward' : 'rightward';
  const rankAxis = acrossY ? 'y' : 'x';
  if (acrossY) {  // a move's text stands above the box it leads to: the box needs its width beside it
    DATA.edges.forEach(e => {
      const n = where[e.target];
      n.room = Math.max(n.room, Math.ceil(ctx.measureText(e.label).width * 9 / FONT) + 8);
    });
  }
  // How far apart to draw the layout's coordinates. A layered layout gets one factor across the
  // ranks (room for the boxes and the moves' texts between them) and one along them (no two
  // boxes of a rank overlapping); anything else one factor for both.
  const [scaleX, scaleY] = (function () {
    if (!layered) { const k = spread(nodes); return [k, k]; }
    const along = rankAxis === 'x' ? 'y' : 'x';
    const ranks = new Map();  // a rank's coordinate -> {at, size, label, members}
    nodes.forEach(n => {
      const r = ranks.get(n[rankAxis]) || {at: n[rankAxis], size: 0, label: 0, members: []};
      r.size = Math.max(r.size, rankAxis === 'x' ? n.w : n.h);
      r.members.push(n);
      ranks.set(n[rankAxis], r);
    });
    DATA.edges.forEach(e => {
      const r = ranks.get(where[e.target][rankAxis]);
      const room = rankAxis === 'x' ? ctx.measureText(e.label).width * 9 / FONT : 3 * LINE;
      r.label = Math.max(r.label, Math.min(room, 220));
    });
    const order = [...ranks.values()].sort((a, b) => a.at - b.at);
    let across = 1, within = 1;
    for (let i = 1; i < order.length; i++) {
      const a = order[i - 1], b = order[i];
      if (b.at > a.at) across = Math.max(across, (a.size / 2 + b.size / 2 + b.label + 40) / (b.at - a.at));
    }
    const sizeOf = n => (along === 'y' ? n.h : n.room);
    order.forEach(r => {
      r.members.sort((a, b) => a[along] - b[along]);
      for (let i = 1; i < r.members.length; i++) {
        const a = r.members[i - 1], b = r.members[i], gap = b[along] - a[along];
        if (gap > 0) within = Math.max(within, ((sizeOf(a) + sizeOf(b)) / 2 + GAP) / gap);
      }
    });
    return rankAxis === 'x' ? [across, within] : [within, across];
  })();

  // The elements, built once; each goes into the picture the first time it is shown, so a large
  // graph that opens folded costs only what it draws.
  const groupElements = DATA.groups.map(g => ({group: 'nodes', data: {id: g.id, label: g.label, base: g.label},
                                               classes: 'group'}));
  const nodeElement = {}, home = {};
  nodes.forEach(n => {
    home[n.id] = {x: n.x * scaleX, y: n.y * scaleY};
    nodeElement[n.id] = {
      group: 'nodes',
      data: {id: n.id, name: n.name, label: n.label, base: n.label, title: n.title, w: n.w, h: n.h, room: n.room,
             parent: n.parent || undefined, depth: n.depth, facts: n.facts},
      position: Object.assign({}, home[n.id]), classes: n.classes,
    };
  });
  const edgeElements = DATA.edges.map(e => ({
    group: 'edges', data: {id: e.id, source: e.source, target: e.target, label: e.label, title: e.title},
    classes: e.classes,
  }));

  const style = [
    {selector: 'node', style: {
      'shape': 'round-rectangle', 'width': 'data(w)', 'height': 'data(h)', 'label': 'data(label)',
      'text-wrap': 'wrap', 'text-max-width': 2000, 'text-valign': 'center', 'text-halign': 'center', 'font-size': FONT,
      'font-family': 'Helvetica, Arial, sans-serif', 'line-height': LINE / FONT, 'color': '#112',
      'background-color': '#e4ecfb', 'border-width': 1, 'border-color': '#335', 'min-zoomed-font-size': MIN_FONT}},
    {selector: 'node.start', style: {'background-color': '#d3f2d9', 'border-width': 3, 'border-color': '#1a7f37'}},
    {selector: 'node.turn_end', style: {'background-color': '#fff3bf'}},
    {selector: 'node.deal_end', style: {'background-color': '#ffd8a8', 'border-color': '#a65f00', 'border-width': 2}},
    {selector: 'node.game_over', style: {'background-color': '#ffc9c9', 'border-color': '#a61e1e', 'border-width': 2}},
    {selector: 'node.summary', style: {'background-color': '#f1f3f5', 'border-style': 'dashed', 'color': '#555'}},
    {selector: 'node.unexplored', style: {'background-color': '#f5f5f5', 'border-color': '#aaa',
                                          'border-style': 'dashed', 'color': '#888'}},
    {selector: 'node.combination', style: {'background-color': '#e8f5e4'}},
    {selector: 'node.phase', style: {'background-color': '#efe6fb'}},
    {selector: 'node.group', style: {
      'shape': 'round-rectangle', 'background-color': '#f4f5fa', 'border-color': '#99a', 'border-width': 1,
      'label': 'data(label)', 'text-valign': 'top', 'text-halign': 'center', 'font-weight': 'bold',
      'font-size': 13, 'padding': 16, 'color': '#446'}},
    {selector: 'node.collapsed', style: {'border-width': 3, 'border-style': 'double', 'border-color': '#7b2cbf'}},
    {selector: 'edge', style: {
      'width': 1.2, 'line-color': '#667', 'target-arrow-color': '#667', 'target-arrow-shape': 'triangle',
      'arrow-scale': 0.8, 'curve-style': layered ? 'taxi' : 'bezier', 'taxi-direction': taxiDirection,
      'taxi-turn': 24, 'taxi-turn-min-distance': 8, 'font-size': 9, 'color': '#334', 'min-zoomed-font-size': 6,
      'text-background-color': '#fff', 'text-background-opacity': 0.85, 'text-background-padding': 1,
      'font-family': 'Helvetica, Arial, sans-serif'}},
    // A move's text sits by the position it leads to, where fans are spread out, not on the shared trunk.
    {selector: 'edge', style: layered
      ? {'target-label': e => ((e.data('lift') || 0) < MOST_LABELS_IN ? e.data('label') : ''),
         'target-text-margin-y': e => -7 - 15 * (e.data('lift') || 0),
         // the text ends just before the arrow head, on the arrow's last stretch
         'target-text-offset': e => rankAxis === 'x' ? 8 + ctx.measureText(e.data('label')).width * 9 / FONT / 2 : 14,
         'target-text-margin-x': taxiDirection === 'rightward' ? -4 : 0}
      : {'label': e => (e.data('quiet') ? '' : e.data('label')), 'text-rotation': 'autorotate'}},
    {selector: 'edge.forbidden', style: {'line-style': 'dashed', 'line-color': '#bbb', 'target-arrow-color': '#bbb',
                                         'color': '#999'}},
    {selector: 'edge.beats', style: {'line-color': '#5c940d', 'target-arrow-color': '#5c940d'}},
    {selector: 'node.match', style: {'border-color': '#e8590c', 'border-width': 4, 'background-color': '#ffe8cc'}},
    {selector: 'edge.match', style: {'line-color': '#e8590c', 'target-arrow-color': '#e8590c', 'width': 3,
                                     'color': '#c2410c'}},
    {selector: '.faded', style: {'opacity': 0.25}},
    {selector: ':selected', style: {'overlay-color': '#1c7ed6', 'overlay-opacity': 0.18, 'overlay-padding': 4}},
    {selector: '.hidden', style: {'display': 'none'}},
  ];

  // Collapse: hide what is reachable only through a collapsed node.
  const out = {}, into = {};
  DATA.nodes.forEach(n => { out[n.id] = []; into[n.id] = []; });
  DATA.edges.forEach(e => { out[e.source].push(e.target); into[e.target].push(e.source); });
  const roots = [];
  (function findRoots() {
    const seen = new Set();
    const walk = start => {
      const stack = [start]; seen.add(start);
      while (stack.length) { const v = stack.pop(); out[v].forEach(w => { if (!seen.has(w)) { seen.add(w); stack.push(w); } }); }
    };
    const first = DATA.root ? [DATA.root] : DATA.nodes.filter(n => !into[n.id].length).map(n => n.id);
    first.forEach(r => { roots.push(r); walk(r); });
    DATA.nodes.forEach(n => { if (!seen.has(n.id)) { roots.push(n.id); walk(n.id); } });  // cycles with no way in
  })();
  const collapsed = new Set();
  function reachable() {
    const seen = new Set(roots), stack = roots.slice();
    while (stack.length) {
      const v = stack.pop();
      if (collapsed.has(v)) continue;
      out[v].forEach(w => { if (!seen.has(w)) { seen.add(w); stack.push(w); } });
    }
    return seen;
  }
  // A large move graph opens folded at the deepest depth that keeps it readable: the boxes up to
  // that depth, each folded one saying how many it hides.
  const OPEN_AT_MOST = 300, ONE_RANK_AT_MOST = 40;
  function readableDepth() {
    const byDepth = new Map();
    DATA.nodes.forEach(n => { if (typeof n.depth === 'number') byDepth.set(n.depth, (byDepth.get(n.depth) || 0) + 1); });
    let total = 0, best = null, open = true;
    [...byDepth.keys()].sort((a, b) => a - b).forEach(d => {
      total += byDepth.get(d);
      open = open && total <= OPEN_AT_MOST && byDepth.get(d) <= ONE_RANK_AT_MOST;
      if (open) best = d;
    });
    return best;
  }
  function foldSet(depth) {
    collapsed.clear();
    DATA.nodes.forEach(n => { if (n.depth === depth && out[n.id].length) collapsed.add(n.id); });
  }
  const openedFolded = moves && DATA.nodes.length > OPEN_AT_MOST ? readableDepth() : null;
  if (openedFolded !== null) foldSet(openedFolded);

  const marks = {prepared: performance.now() - started};
  const cy = cytoscape({
    container: document.getElementById('cy'), elements: groupElements, style: style,
    layout: {name: 'preset'}, minZoom: 0.005, maxZoom: 4,
    boxSelectionEnabled: false, textureOnViewport: BIG, hideEdgesOnViewport: BIG, motionBlur: false,
    pixelRatio: BIG ? 1 : 'auto',
  });
  const added = new Set();
  let edgesLeft = edgeElements;
  function addShown(shown) {  // put into the picture what is shown for the first time, with its edges
    const fresh = [];
    shown.forEach(id => { if (!added.has(id)) { added.add(id); fresh.push(nodeElement[id]); } });
    if (!fresh.length) return;
    const keep = [];
    edgesLeft.forEach(e => (added.has(e.data.source) && added.has(e.data.target) ? fresh : keep).push(e));
    edgesLeft = keep;
    cy.add(fresh);
  }

  function refresh() {
    const shown = reachable();
    cy.batch(() => {
      addShown(shown);
      cy.nodes().not('.group').forEach(node => {
        const id = node.id();
        node.toggleClass('hidden', !shown.has(id));
        let label = node.data('base');
        if (collapsed.has(id)) {
          const hidden = new Set(), stack = [id];
          while (stack.length) {
            out[stack.pop()].forEach(w => { if (!shown.has(w) && !hidden.has(w)) { hidden.add(w); stack.push(w); } });
          }
          label += '\n[+' + hidden.size.toLocaleString('en') + ' hidden]';
        }
        node.toggleClass('collapsed', collapsed.has(id));
        if (label !== node.data('label')) {
          const [w, h] = boxOf(label);
          node.data({label: label, w: w, h: h});
        }
      });
      if (layered) { compact(shown); liftLabels(shown); }
    });
    const hidden = DATA.nodes.length - shown.size;
    document.getElementById('folded').textContent = hidden
      ? foldNote + hidden.toLocaleString('en') + ' of ' + DATA.nodes.length.toLocaleString('en') + ' hidden' : '';
    return shown;
  }
  let foldNote = '';
  // With parts folded away, close the gaps they leave: along each rank the boxes keep the layout's
  // order, each as near its visible predecessors as the boxes before it allow.
  // Curved edges write their texts half way along, where they may cross: keep the texts that
  // touch no box and no text kept before, the others quiet (the tooltip and the panel have them).
  const MOST_TEXTS_CHECKED = 1500;
  function declutter() {
    if (layered) return 0;
    const shown = drawn();
    const edges = shown.edges();
    if (edges.length > MOST_TEXTS_CHECKED) return 0;
    const only = {includeNodes: false, includeEdges: false, includeMainLabels: true, includeSourceLabels: false,
                  includeTargetLabels: false, includeOverlays: false, includeUnderlays: false};
    const boxes = shown.nodes().not('.group').map(n => n.boundingBox({includeLabels: false}));
    const hit = (a, b) => a.x1 < b.x2 - 1 && b.x1 < a.x2 - 1 && a.y1 < b.y2 - 1 && b.y1 < a.y2 - 1;
    const kept = [];
    let quiet = 0;
    cy.batch(() => edges.forEach(e => { if (e.data('quiet')) e.data('quiet', false); }));
    cy.batch(() => edges.forEach(e => {
      const b = e.boundingBox(only);
      if (!(b.w > 0)) return;
      if (boxes.some(n => hit(b, n)) || kept.some(k => hit(b, k))) { e.data('quiet', true); quiet++; }
      else kept.push(b);
    }));
    return quiet;
  }
  // Frames by owner only when the layout keeps each owner's boxes together: frames that overlap
  // would say less than none (each box's name still says its owner).
  function ungroupIfTangled() {
    const groups = cy.nodes('.group');
    const frames = groups.map(g => g.boundingBox({includeLabels: false}));
    const hit = (a, b) => a.x1 < b.x2 && b.x1 < a.x2 && a.y1 < b.y2 && b.y1 < a.y2;
    const tangled = frames.some((a, i) => frames.some((b, j) => j > i && hit(a, b)));
    if (!tangled) return false;
    cy.batch(() => { groups.children().move({parent: null}); groups.remove(); });
    const note = document.getElementById('grouped');
    if (note) note.hidden = true;
    return true;
  }

  // Moves into one box (transpositions) would write their texts on one spot: stack them.
  function liftLabels(shown) {
    const axis = taxiDirection === 'rightward' ? 'y' : 'x';
    shown.forEach(id => {
      const node = cy.getElementById(id);
      const entering = node.incomers('edge').filter(e => shown.has(e.source().id()));
      entering.sort((a, b) => a.source().position(axis) - b.source().position(axis))
        .forEach((e, k) => { if ((e.data('lift') || 0) !== k) e.data('lift', k); });
    });
  }
  function compact(shown) {
    const axis = taxiDirection === 'rightward' ? 'x' : 'y', other = axis === 'x' ? 'y' : 'x';
    const size = other === 'y' ? 'h' : 'w';
    if (shown.size === DATA.nodes.length) {
      cy.nodes().not('.group').forEach(n => { n.position(home[n.id()]); });
      return;
    }
    const ranks = new Map();
    shown.forEach(id => {
      const key = Math.round(home[id][axis]);
      if (!ranks.has(key)) ranks.set(key, []);
      ranks.get(key).push(id);
    });
    const placed = {};
    [...ranks.keys()].sort((a, b) => a - b).forEach(key => {
      const ids = ranks.get(key).sort((a, b) => home[a][other] - home[b][other]);
      let end = -Infinity;
      ids.forEach(id => {
        const from = into[id].filter(p => p in placed && p !== id);
        const want = from.length ? from.reduce((t, p) => t + placed[p], 0) / from.length : home[id][other];
        const box = cy.getElementById(id);
        const half = (size === 'w' ? Math.max(box.data('w'), box.data('room')) : box.data(size)) / 2;
        const at = Math.max(want, end + half + GAP);
        placed[id] = at; end = at + half;
      });
    });
    shown.forEach(id => {
      const p = {}; p[axis] = home[id][axis]; p[other] = placed[id];
      cy.getElementById(id).position(p);
    });
  }

  // Expanding shows one more level: the children that lead on come folded themselves.
  function toggle(id) {
    if (!out[id] || !out[id].length) return false;
    foldNote = '';
    if (collapsed.has(id)) {
      const before = reachable();
      collapsed.delete(id);
      out[id].forEach(w => { if (!before.has(w) && out[w].length && w !== id) collapsed.add(w); });
    } else {
      collapsed.add(id);
    }
    refresh();
    declutter();
    return collapsed.has(id);
  }

  // Search: a card (9♦, 9D, 10h) as a whole word, any other text as a substring, in the boxes'
  // and moves' labels (and with "in positions" also in the full positions).
  const SUITS = {'♠': 's', '♤': 's', '♥': 'h', '♡': 'h', '♦': 'd', '♢': 'd', '♣': 'c', '♧': 'c'};
  function normal(text) {
    return String(text || '').toLowerCase().replace(/[♠♤♥♡♦♢♣♧]/g, s => SUITS[s]);
  }
  function matcher(query) {
    const q = normal(query).trim();
    if (!q) return null;
    if (/^(10|[2-9tjqka])[shdc]$/.test(q)) {
      const rank = q.slice(0, -1), suit = q.slice(-1);
      const ranks = rank === '10' || rank === 't' ? '(?:10|t)' : rank;
      const re = new RegExp('(^|[^a-z0-9])' + ranks + suit + '(?![a-z0-9])');
      return text => re.test(normal(text));
    }
    return text => normal(text).includes(q);
  }
  function search(query, inPositions) {
    const test = matcher(query);
    const result = {nodes: 0, edges: 0, hidden: 0};
    const shown = reachable();
    unseen = [];
    let found = cy.collection();
    cy.batch(() => {
      cy.elements().removeClass('match faded');
      if (!test) return;
      const hit = item => test(item.label) || ((inPositions || item.source) && test(item.title));
      const ids = [];
      DATA.nodes.forEach(n => {
        if (!hit(n)) return;
        if (shown.has(n.id)) { result.nodes++; ids.push(n.id); } else { result.hidden++; unseen.push([n.id]); }
      });
      DATA.edges.forEach(e => {
        if (!hit(e)) return;
        if (shown.has(e.source) && shown.has(e.target)) { result.edges++; ids.push(e.id); }
        else { result.hidden++; unseen.push([e.source, e.target]); }
      });
      found = cy.collection(ids.map(id => cy.getElementById(id)));
      cy.elements().not('.group').not(found).not(found.connectedNodes()).addClass('faded');
      found.addClass('match');
    });
    if (found.length) {
      cy.fit(found.union(found.connectedNodes()), 60);
      if (cy.zoom() > 1.5) cy.zoom({level: 1.5, position: centre(found)});
    }
    const words = [];
    if (test) {
      words.push(result.nodes + (moves ? ' positions' : ' nodes'), result.edges + (moves ? ' moves' : ' ways'));
      if (result.hidden) words.push(result.hidden + ' in collapsed parts');
    }
    document.getElementById('count').textContent = words.join(', ');
    const more = document.getElementById('reveal');
    more.hidden = !result.hidden;
    more.textContent = result.hidden > REVEAL_AT_ONCE ? 'Show ' + REVEAL_AT_ONCE + ' more' : 'Show them';
    return result;
  }
  let unseen = [];  // what the last search found in collapsed parts: node ids, or an edge's two ends

  // Show what a search found folded away: open the shortest way from the start to each, the
  // boxes beside that way staying folded.
  const parentOf = {};
  (function shortestWays() {
    const queue = roots.slice();
    roots.forEach(r => { parentOf[r] = null; });
    for (let i = 0; i < queue.length; i++) {
      out[queue[i]].forEach(w => { if (!(w in parentOf)) { parentOf[w] = queue[i]; queue.push(w); } });
    }
  })();
  const REVEAL_AT_ONCE = 25;  // the shallowest first: a click shows a few more, not the whole graph
  function reveal() {
    const depthOf = v => (where[v] && typeof where[v].depth === 'number' ? where[v].depth : 0);
    unseen.sort((a, b) => depthOf(a[a.length - 1]) - depthOf(b[b.length - 1]));
    openWays(unseen.slice(0, REVEAL_AT_ONCE));
    return search(box.value, inPositions.checked);
  }
  function openWays(found) {  // each: [node] or an edge's [source, target]
    const before = reachable();
    const targets = new Set(), above = new Set();
    found.forEach(ends => {
      targets.add(ends[ends.length - 1]);
      let v = ends.length === 2 ? ends[0] : parentOf[ends[0]];
      while (v !== null && v !== undefined && !above.has(v)) { above.add(v); v = parentOf[v]; }
    });
    const open = new Set([...above, ...targets]);
    open.forEach(v => {
      collapsed.delete(v);
      out[v].forEach(w => { if (!before.has(w) && !open.has(w) && out[w].length) collapsed.add(w); });
    });
    targets.forEach(v => { if (!above.has(v) && !before.has(v) && out[v].length) collapsed.add(v); });
    foldNote = '';
    refresh();
  }
  function centre(coll) {
    const bb = coll.boundingBox();
    return {x: (bb.x1 + bb.x2) / 2, y: (bb.y1 + bb.y2) / 2};
  }

  // The side panel: the full text of what was clicked (or hovered).
  const info = document.getElementById('info');
  function show(el) {
    info.textContent = '';
    const head = document.createElement('h2');
    head.textContent = el.isNode() ? el.data('base') : el.data('label');
    info.appendChild(head);
    const facts = el.isNode() ? (el.data('facts') || '') : el.source().data('base').split('\n')[0] + '  →  ' +
      el.target().data('base').split('\n')[0];
    if (facts) {
      const p = document.createElement('p'); p.className = 'facts'; p.textContent = facts; info.appendChild(p);
    }
    if (el.isNode() && out[el.id()] && out[el.id()].length) {
      const button = document.createElement('button');
      button.textContent = collapsed.has(el.id()) ? 'Expand' : 'Collapse what only this reaches';
      button.onclick = () => { toggle(el.id()); show(el); };
      info.appendChild(button);
    }
    const pre = document.createElement('pre');
    pre.textContent = el.data('title') || '';
    info.appendChild(pre);
    if (el.isNode()) {
      list('Moves from here', leaving[el.id()] || [], e => e.target);
      list('Reached by', entering[el.id()] || [], e => e.source);
    }
  }
  // The panel lists a box's ways in and out; clicking one goes there (opening it if folded away).
  const leaving = {}, entering = {};
  DATA.edges.forEach(e => { (leaving[e.source] = leaving[e.source] || []).push(e);
                            (entering[e.target] = entering[e.target] || []).push(e); });
  const MOST_LISTED = 40;
  function list(heading, edges, far) {
    if (!edges.length) return;
    const h = document.createElement('h3'); h.textContent = heading + ' (' + edges.length + ')';
    const ul = document.createElement('ul'); ul.className = 'ways';
    edges.slice(0, MOST_LISTED).forEach(e => {
      const li = document.createElement('li'), a = document.createElement('a');
      a.href = '#'; a.textContent = e.label || '(no text)';
      a.onclick = ev => { ev.preventDefault(); go(far(e), e); };
      li.appendChild(a); ul.appendChild(li);
    });
    if (edges.length > MOST_LISTED) {
      const li = document.createElement('li'); li.textContent = '… ' + (edges.length - MOST_LISTED) + ' more'; ul.appendChild(li);
    }
    info.appendChild(h); info.appendChild(ul);
  }
  function go(id, edge) {
    if (!reachable().has(id)) openWays([edge ? [edge.source, edge.target] : [id]]);  // folded away
    const node = cy.getElementById(id);
    cy.elements().unselect();
    node.select();
    cy.animate({center: {eles: node}, duration: 0});
    pinned = node;
    show(node);
  }
  let pinned = null;
  cy.on('tap', 'node, edge', ev => { if (!ev.target.hasClass('group')) { pinned = ev.target; show(ev.target); } });
  cy.on('mouseover', 'node, edge', ev => { if (!pinned && !ev.target.hasClass('group')) show(ev.target); });
  // A tooltip by the pointer: the full text's first lines (the panel has all of it).
  const tip = document.getElementById('tip');
  cy.on('mouseover', 'node, edge', ev => {
    if (ev.target.hasClass('group')) return;
    const lines = String(ev.target.data('title') || ev.target.data('label') || '').split('\n');
    tip.textContent = lines.slice(0, 12).join('\n') + (lines.length > 12 ? '\n…' : '');
    tip.hidden = !tip.textContent;
  });
  cy.on('mousemove', ev => {
    const at = ev.renderedPosition || {x: 0, y: 0};
    tip.style.left = (at.x + 14) + 'px'; tip.style.top = (at.y + 14) + 'px';
  });
  cy.on('mouseout', 'node, edge', () => {
    tip.hidden = true;
    if (!pinned) { info.textContent = ''; info.appendChild(about); }
  });
  cy.on('viewport', () => { tip.hidden = true; });
  // A click on the background lets go of the box and brings back what the graph is.
  const about = document.getElementById('about');
  cy.on('tap', ev => {
    if (ev.target !== cy) return;
    pinned = null;
    info.textContent = '';
    info.appendChild(about);
  });
  cy.on('dbltap', 'node', ev => { if (!ev.target.hasClass('group')) { toggle(ev.target.id()); show(ev.target); } });

  const box = document.getElementById('q'), inPositions = document.getElementById('inpos');
  let timer = null;
  const run = () => search(box.value, inPositions.checked);
  box.addEventListener('input', () => { clearTimeout(timer); timer = setTimeout(run, BIG ? 250 : 60); });
  box.addEventListener('keydown', ev => { if (ev.key === 'Enter') run(); if (ev.key === 'Escape') { box.value = ''; run(); } });
  inPositions.addEventListener('change', run);
  document.getElementById('fit').onclick = () => fit();
  document.getElementById('reveal').onclick = () => reveal();
  document.getElementById('fold').onclick = () => foldAt(parseInt(document.getElementById('depth').value, 10));
  document.addEventListener('keydown', ev => {
    if (ev.key === '/' && document.activeElement !== box) { ev.preventDefault(); box.focus(); }
  });

  function foldAt(depth) {  // collapse every node of that depth that leads on
    foldSet(depth);
    foldNote = 'folded at depth ' + depth + ': ';
    refresh();
    fit();
    return collapsed.size;
  }
  // What is drawn, by our own classes (the `:visible` selector follows them a frame late).
  function drawn() {
    const shown = cy.nodes().not('.hidden');
    return shown.union(shown.edgesWith(shown));
  }
  function fit() { cy.fit(drawn(), 30); }

  if (openedFolded !== null) {
    foldAt(openedFolded);
    document.getElementById('depth').value = openedFolded;
  } else {
    refresh();
  }
  ungroupIfTangled();
  declutter();
  marks.drawn = performance.now() - started;
  document.getElementById('expand').onclick = () => {
    collapsed.clear(); refresh(); declutter(); fit();
  };
  fit();
  window.addEventListener('resize', () => { cy.resize(); fit(); });
  // Below this zoom the boxes' texts are not drawn (min-zoomed-font-size): say so.
  const hint = document.getElementById('hint');
  const readable = () => { hint.hidden = cy.zoom() * FONT >= MIN_FONT || !drawn().nodes().not('.group').length; };
  cy.on('zoom', readable);
  readable();

  // What the tests (and a curious user in the console) can ask the page.
  window.graphPage = {
    cy: cy, marks: marks, scale: [scaleX, scaleY], openedFolded: openedFolded,
    idOf: name => { const n = DATA.nodes.find(m => m.name === String(name)); return n ? n.id : null; },
    go: (name, via) => { const id = window.graphPage.idOf(name);
      go(id, DATA.edges.find(e => e.target === id && (!via || e.source === window.graphPage.idOf(via)))); },
    search: (q, inPos) => { box.value = q; inPositions.checked = !!inPos; return search(q, !!inPos); },
    reveal: reveal,
    toggle: toggle, foldAt: foldAt, fit: fit,
    expandAll: () => document.getElementById('expand').onclick(),
    visibleNodes: () => drawn().nodes().not('.group').length,
    fitted: () => {
      const bb = drawn().renderedBoundingBox();
      return {x1: bb.x1, y1: bb.y1, x2: bb.x2, y2: bb.y2, width: cy.width(), height: cy.height(), zoom: cy.zoom()};
    },
    overlaps: () => {  // pairs of visible boxes that overlap, as drawn
      const boxes = drawn().nodes().not('.group').map(n => n.boundingBox({includeLabels: false}));
      let count = 0;
      for (let i = 0; i < boxes.length; i++) for (let j = i + 1; j < boxes.length; j++) {
        const a = boxes[i], b = boxes[j];
        if (a.x1 < b.x2 - 1 && b.x1 < a.x2 - 1 && a.y1 < b.y2 - 1 && b.y1 < a.y2 - 1) count++;
      }
      return count;
    },
    declutter: declutter,
    labelOverlaps: () => {  // pairs of moves' texts that overlap each other or a box, as drawn
      const shown = drawn();
      const only = {includeNodes: false, includeEdges: false, includeMainLabels: !layered, includeSourceLabels: false,
                    includeTargetLabels: layered, includeOverlays: false, includeUnderlays: false};
      const texts = shown.edges().map(e => e.boundingBox(only)).filter(b => b.w > 0);
      const boxes = shown.nodes().not('.group').map(n => n.boundingBox({includeLabels: false}));
      const hit = (a, b) => a.x1 < b.x2 - 1 && b.x1 < a.x2 - 1 && a.y1 < b.y2 - 1 && b.y1 < a.y2 - 1;
      let count = 0;
      texts.forEach((a, i) => {
        for (let j = i + 1; j < texts.length; j++) if (hit(a, texts[j])) count++;
        boxes.forEach(b => { if (hit(a, b)) count++; });
      });
      return count;
    },
    readyMs: null,
  };
  requestAnimationFrame(() => requestAnimationFrame(() => {
    window.graphPage.readyMs = performance.now() - started;
    window.graphPage.sinceNavigationMs = performance.now();
    document.body.dataset.ready = '1';
  }));
})();
