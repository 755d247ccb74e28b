/// The page's inline style and script. The script builds the player, the sheet, the side-by-side
/// row and the plots from the page's JSON block; it only ever sets names as text (`textContent`,
/// SVG text nodes), never as markup.
extension ReportPage {
    static let style = """
        body{margin:0;padding:16px 24px;background:#1c1c1e;color:#e5e5ea;font:14px/1.4 system-ui,sans-serif}
        h1{font-size:22px;margin:0 0 4px}h2{font-size:17px;margin:24px 0 8px;color:#fff}
        h3{font-size:15px;margin:16px 0 4px;color:#fff}.fact,.note,.hint,.steady{margin:2px 0;color:#aeaeb2}
        .top{display:flex;flex-wrap:wrap;gap:8px 32px;align-items:flex-start}#player{flex:0 1 600px;min-width:min(100%,480px)}
        #plots{flex:1 1 576px;min-width:0}
        .stage img{max-width:100%;max-height:60vh;min-width:min(100%,480px);object-fit:contain;background:#000;display:block}
        .controls{display:flex;align-items:center;gap:12px;margin-top:8px}
        #frame-slider{flex:1;min-width:200px}#frame-number,#frame-time{font-family:ui-monospace,monospace;white-space:pre}
        button{background:#3a3a3c;color:#fff;border:1px solid #636366;border-radius:6px;padding:4px 14px;font:inherit}
        #sheet-grid,#side-grid{display:flex;flex-wrap:wrap;gap:12px}
        #sheet-grid figure,#side-grid figure{margin:0;text-align:center;cursor:pointer}
        #sheet-grid img{width:200px;display:block;background:#000;border:2px solid transparent}
        #side-grid img{width:min(400px,28vw);display:block;background:#000;image-rendering:pixelated}
        .compare .stage img{image-rendering:pixelated}
        #sheet-grid figure.current img{border-color:#0a84ff}
        figcaption{font-family:ui-monospace,monospace;font-size:12px;color:#d1d1d6;margin-top:2px}
        .plots{display:flex;flex-wrap:wrap;gap:16px}.plot{background:#2c2c2e;border-radius:8px;padding:6px 8px;max-width:560px}
        .plot h4{margin:0 0 2px;font-size:13px;font-family:ui-monospace,monospace;color:#fff}
        .plot svg{display:block}.plot text{fill:#aeaeb2;font:10px ui-monospace,monospace}
        .legend{font:11px ui-monospace,monospace;color:#d1d1d6}.legend span{margin-right:10px}
        """

    static let script = """
        (function () {
          'use strict';
          var data = JSON.parse(document.getElementById('flipbook-data').textContent);
          var frames = data.frames, times = data.times;
          var colors = ['#0a84ff', '#ff9f0a', '#30d158', '#ff375f', '#bf5af2', '#64d2ff', '#ffd60a', '#ac8e68'];
          var NS = 'http://www.w3.org/2000/svg';
          var img = document.getElementById('frame-image'), slider = document.getElementById('frame-slider');
          var number = document.getElementById('frame-number'), clock = document.getElementById('frame-time');
          var playButton = document.getElementById('play');
          var current = 0, timer = null, cursors = [], cells = [];

          function seconds(t) { return t === null || t === undefined ? '' : 't = ' + t.toFixed(3) + ' s'; }
          function el(name, cls, text) {
            var e = document.createElement(name);
            if (cls) { e.className = cls; }
            if (text !== undefined) { e.textContent = text; }
            return e;
          }
          function svg(name, attrs) {
            var e = document.createElementNS(NS, name);
            for (var k in attrs) { e.setAttribute(k, attrs[k]); }
            return e;
          }

          function show(i) {
            if (!frames.length) { number.textContent = 'no frames'; return; }
            i = Math.max(0, Math.min(frames.length - 1, i | 0));
            if (cells[current]) { cells[current].classList.remove('current'); }
            current = i;
            var f = frames[i];
            img.src = f.src;
            img.alt = f.label;
            slider.value = String(i);
            number.textContent = f.label + '  (' + (i + 1) + ' of ' + frames.length + ')';
            clock.textContent = seconds(f.time);
            if (cells[i]) { cells[i].classList.add('current'); }
            for (var c = 0; c < cursors.length; c++) { cursors[c](f.time); }
          }
          function stop() {
            if (timer !== null) { clearTimeout(timer); timer = null; }
            playButton.textContent = 'Play';
          }
          function tick() {
            var next = (current + 1) % frames.length;
            var a = frames[current].time, b = frames[next].time;
            var delay = (a !== null && b !== null && b > a) ? (b - a) * 1000 : 1000 / 30;
            timer = setTimeout(function () { show(next); tick(); }, Math.max(10, Math.min(2000, delay)));
          }
          function play() {
            if (timer !== null || frames.length < 2) { return; }
            playButton.textContent = 'Pause';
            tick();
          }
          playButton.addEventListener('click', function () { if (timer === null) { play(); } else { stop(); } });
          slider.addEventListener('input', function () { stop(); show(Number(slider.value)); });
          document.addEventListener('keydown', function (e) {
            if (e.target === slider && (e.key === 'ArrowLeft' || e.key === 'ArrowRight')) { return; }
            if (e.key === 'ArrowRight') { stop(); show(current + 1); e.preventDefault(); }
            else if (e.key === 'ArrowLeft') { stop(); show(current - 1); e.preventDefault(); }
            else if (e.key === ' ' && e.target !== playButton) { playButton.click(); e.preventDefault(); }
          });

          function figure(f, i, grid, sheetCell) {
            var fig = el('figure');
            var im = el('img');
            im.src = f.src;
            im.alt = f.label;
            if (sheetCell) { im.loading = 'lazy'; }
            fig.appendChild(im);
            fig.appendChild(el('figcaption', '', f.label + (f.time === null ? '' : '  ' + seconds(f.time))));
            fig.addEventListener('click', function () { stop(); show(i); });
            grid.appendChild(fig);
            return fig;
          }
          var side = document.getElementById('side-grid');
          if (side) { frames.forEach(function (f, i) { figure(f, i, side, false); }); }
          var sheet = document.getElementById('sheet-grid');
          if (sheet) { frames.forEach(function (f, i) { cells.push(figure(f, i, sheet, true)); }); }

          function chart(c, layerName) {
            var W = 560, H = 170, L = 56, R = 10, T = 22, B = 22;
            var box = el('div', 'plot');
            box.dataset.layer = layerName;
            box.dataset.key = c.key;
            box.appendChild(el('h4', '', layerName + ' · ' + c.key));
            var t0 = times.length ? times[0] : 0, t1 = times.length ? times[times.length - 1] : 1;
            if (!(t1 > t0)) { t1 = t0 + 1; }
            var lo = Infinity, hi = -Infinity;
            c.series.forEach(function (s) { s.values.forEach(function (v) { if (v !== null) { lo = Math.min(lo, v); hi = Math.max(hi, v); } }); });
            if (!isFinite(lo)) { lo = 0; hi = 1; }
            if (hi === lo) { hi = lo + 1; }
            var pad = (hi - lo) * 0.06; lo -= pad; hi += pad;
            function x(t) { return L + (t - t0) / (t1 - t0) * (W - L - R); }
            function y(v) { return T + (hi - v) / (hi - lo) * (H - T - B); }
            var s = svg('svg', { width: W, height: H, viewBox: '0 0 ' + W + ' ' + H });
            s.appendChild(svg('rect', { x: L, y: T, width: W - L - R, height: H - T - B, fill: '#1c1c1e' }));
            c.marks.forEach(function (m, k) {
              var x0 = x(m.begin), x1 = x(m.end === null ? t1 : m.end);
              var g = svg('g', { 'class': 'mark' });
              var band = svg('rect', { x: x0, y: T, width: Math.max(1, x1 - x0), height: H - T - B, fill: '#ffffff', 'fill-opacity': 0.07 });
              var title = svg('title', {});
              title.textContent = m.kind + ' ' + (m.keyPath || m.key) + ': ' + m.timing + ', ' + m.begin.toFixed(3) + ' s → ' + (m.end === null ? '…' : m.end.toFixed(3) + ' s');
              band.appendChild(title);
              g.appendChild(band);
              g.appendChild(svg('line', { x1: x0, x2: x0, y1: T, y2: H - B, stroke: '#e5e5ea', 'stroke-width': 1 }));
              if (m.end !== null) { g.appendChild(svg('line', { x1: x1, x2: x1, y1: T, y2: H - B, stroke: '#e5e5ea', 'stroke-dasharray': '3 3' })); }
              var label = svg('text', { x: x0 + 3, y: T + 10 + 11 * (k % 3), 'class': 'timing' });
              label.textContent = m.timing + ((m.keyPath && m.keyPath !== c.key) ? ' (' + m.keyPath + ')' : '');
              g.appendChild(label);
              s.appendChild(g);
            });
            c.series.forEach(function (ser, k) {
              var g = svg('g', { 'class': 'series' });
              g.dataset.name = ser.name;
              var run = [];
              function flush() {
                if (run.length) { g.appendChild(svg('polyline', { points: run.join(' '), fill: 'none', stroke: colors[k % colors.length], 'stroke-width': 1.5 })); }
                run = [];
              }
              ser.values.forEach(function (v, i) { if (v === null) { flush(); } else { run.push(x(times[i]).toFixed(1) + ',' + y(v).toFixed(1)); } });
              flush();
              s.appendChild(g);
            });
            function axisText(tx, ty, text, anchor) {
              var e = svg('text', { x: tx, y: ty, 'text-anchor': anchor });
              e.textContent = text;
              s.appendChild(e);
            }
            function tick(v) {
              var text = String(+v.toPrecision(4));
              return text.length > 7 ? v.toExponential(1) : text;
            }
            axisText(L - 4, T + 4, tick(hi - pad), 'end');
            axisText(L - 4, H - B, tick(lo + pad), 'end');
            axisText(L, H - 6, t0.toFixed(2) + ' s', 'start');
            axisText(W - R, H - 6, t1.toFixed(2) + ' s', 'end');
            var cursor = svg('line', { x1: L, x2: L, y1: T, y2: H - B, stroke: '#ffffff', 'stroke-width': 1, 'class': 'cursor', visibility: 'hidden' });
            s.appendChild(cursor);
            cursors.push(function (t) {
              if (t === null || t === undefined) { cursor.setAttribute('visibility', 'hidden'); return; }
              cursor.setAttribute('x1', x(t)); cursor.setAttribute('x2', x(t)); cursor.setAttribute('visibility', 'visible');
            });
            box.appendChild(s);
            var legend = el('div', 'legend');
            c.series.forEach(function (ser, k) {
              var span = el('span', '', '— ' + ser.name);
              span.style.color = colors[k % colors.length];
              legend.appendChild(span);
            });
            if (c.steady.length) { legend.appendChild(el('span', '', 'steady: ' + c.steady.join(', '))); }
            box.appendChild(legend);
            return box;
          }
          var list = document.getElementById('plot-list');
          if (list) {
            data.layers.forEach(function (l) {
              list.appendChild(el('h3', '', l.name));
              if (l.steady.length) { list.appendChild(el('p', 'steady', 'unchanged: ' + l.steady.join(' · '))); }
              var row = el('div', 'plots');
              l.charts.forEach(function (c) { row.appendChild(chart(c, l.name)); });
              list.appendChild(row);
            });
          }
          show(0);
        })();
        """
}
