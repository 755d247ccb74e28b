#!/usr/bin/env python3
"""The report page in a real browser: `flipbook render --report` makes a page, headless Chromium
opens it, the test scrubs and checks what the page shows.

Usage: scripts/report-browser-test.py FLIPBOOK_BINARY

It renders the countdown scene (short, small) with --report, starts Chromium headless with a
DevTools port and talks to the page over the DevTools protocol (a WebSocket client in the
standard library below), then checks: the player shows frame 0 and its time; setting the slider
to a frame (an `input` event, as a drag sends) changes the frame number, the time and the image's
src to that frame's; the contact sheet holds every frame; the plots hold one line per changing
value component of the trace and one mark per traced animation on a plotted key, both counted
from the trace itself; play advances the frame. Skipped with one line when Chromium is missing
(`make test` installs Debian's chromium). Exit status 1 with a line per failed check.
"""
import base64
import json
import os
import shutil
import socket
import struct
import subprocess
import sys
import tempfile
import time
import urllib.request


def chromium():
    for name in ('chromium', 'chromium-browser', 'google-chrome'):
        path = shutil.which(name)
        if path:
            return path
    return None


class DevTools:
    """A minimal DevTools-protocol client over one WebSocket (RFC 6455, client side)."""

    def __init__(self, url):
        rest = url[len('ws://'):]
        host_port, path = rest.split('/', 1)
        host, port = host_port.split(':')
        self.sock = socket.create_connection((host, int(port)), timeout=10)
        key = base64.b64encode(os.urandom(16)).decode()
        self.sock.sendall((f'GET /{path} HTTP/1.1\r\nHost: {host_port}\r\nUpgrade: websocket\r\n'
                           f'Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n').encode())
        response = b''
        while b'\r\n\r\n' not in response:
            chunk = self.sock.recv(4096)
            if not chunk:
                raise RuntimeError('DevTools closed the connection during the handshake')
            response += chunk
        if b' 101 ' not in response.split(b'\r\n')[0]:
            raise RuntimeError('DevTools refused the WebSocket: ' + response.split(b'\r\n')[0].decode())
        self.buffer = response.split(b'\r\n\r\n', 1)[1]
        self.next_id = 0

    def _recv_exact(self, n):
        while len(self.buffer) < n:
            chunk = self.sock.recv(65536)
            if not chunk:
                raise RuntimeError('DevTools closed the connection')
            self.buffer += chunk
        data, self.buffer = self.buffer[:n], self.buffer[n:]
        return data

    def _send(self, text):
        payload = text.encode()
        header = bytes([0x81])
        n = len(payload)
        if n < 126:
            header += bytes([0x80 | n])
        elif n < 65536:
            header += bytes([0x80 | 126]) + struct.pack('>H', n)
        else:
            header += bytes([0x80 | 127]) + struct.pack('>Q', n)
        mask = os.urandom(4)
        self.sock.sendall(header + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(payload)))

    def _message(self):
        parts = b''
        while True:
            b0, b1 = self._recv_exact(2)
            n = b1 & 0x7F
            if n == 126:
                n = struct.unpack('>H', self._recv_exact(2))[0]
            elif n == 127:
                n = struct.unpack('>Q', self._recv_exact(8))[0]
            data = self._recv_exact(n)
            opcode = b0 & 0x0F
            if opcode == 0x9:  # ping: answer, keep reading
                continue
            parts += data
            if b0 & 0x80:
                return json.loads(parts.decode())

    def call(self, method, **params):
        self.next_id += 1
        self._send(json.dumps({'id': self.next_id, 'method': method, 'params': params}))
        while True:
            message = self._message()
            if message.get('id') == self.next_id:
                if 'error' in message:
                    raise RuntimeError(f'{method}: {message["error"]}')
                return message['result']

    def eval(self, expression):
        result = self.call('Runtime.evaluate', expression=expression, returnByValue=True)
        if 'exceptionDetails' in result:
            raise RuntimeError(f'page script failed: {expression}: {result["exceptionDetails"].get("text")}')
        return result['result'].get('value')


def expected_from_trace(path):
    """Series and marks the page must draw: a line per component that changes, a mark per
    animation start whose key path's first part is a plotted key of its layer."""
    columns = {}
    starts = []
    with open(path) as f:
        for line in f:
            if not line.strip():
                continue
            obj = json.loads(line)
            for layer, values in obj['layers'].items():
                for key, value in values.items():
                    columns.setdefault((layer, key), []).append(value)
            for event in obj.get('animations', []):
                if event['event'] == 'start':
                    starts.append(event)
    series = 0
    plotted = set()
    for (layer, key), values in columns.items():
        if any(isinstance(v, str) for v in values):
            continue
        rows = [v if isinstance(v, list) else [v] for v in values]
        width = max(len(r) for r in rows)
        changing = 0
        for c in range(width):
            present = [r[c] for r in rows if c < len(r) and r[c] is not None]
            if present and any(v != present[0] for v in present):
                changing += 1
        if changing:
            plotted.add((layer, key))
        series += changing
    marks = sum(1 for e in starts if (e['layer'], (e['keyPath'] or e['key']).split('.')[0]) in plotted)
    return series, marks, len(plotted)


def main():
    if len(sys.argv) != 2:
        print(__doc__.strip().split('\n')[2], file=sys.stderr)
        return 2
    binary = os.path.abspath(sys.argv[1])
    if not os.access(binary, os.X_OK):
        print(f'report browser test: no flipbook program at {binary}; build it first (swift build)', file=sys.stderr)
        return 1
    browser = chromium()
    if browser is None:
        print('report browser test: skipped (no chromium on the PATH; `make test` installs it, or apt-get install chromium)')
        return 0
    started = time.monotonic()
    failures = []

    def check(ok, what):
        if not ok:
            failures.append(what)

    with tempfile.TemporaryDirectory(prefix='flipbook-report-') as tmp:
        out = os.path.join(tmp, 'render')
        subprocess.run([binary, 'render', 'countdown', '--size', '320x180', '--duration', '1', '--every', '10',
                        '--out', out, '--report', '--quiet'], check=True)
        page = os.path.join(out, 'report.html')
        trace = os.path.join(out, 'trace.jsonl')
        series, marks, charts = expected_from_trace(trace)
        check(series > 0, 'the trace has no changing values to plot (the test needs a scene that moves)')
        profile = os.path.join(tmp, 'profile')
        proc = subprocess.Popen([browser, '--headless', '--no-sandbox', '--disable-gpu', '--no-first-run',
                                 '--disable-extensions', '--remote-debugging-port=0', f'--user-data-dir={profile}',
                                 '--window-size=1280,900', 'file://' + page],
                                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        try:
            port_file = os.path.join(profile, 'DevToolsActivePort')
            deadline = time.monotonic() + 30
            while not os.path.exists(port_file) or not open(port_file).read().strip():
                if time.monotonic() > deadline or proc.poll() is not None:
                    raise RuntimeError('Chromium did not open its DevTools port')
                time.sleep(0.05)
            port = open(port_file).read().split('\n')[0].strip()
            url = None
            while url is None:
                targets = json.load(urllib.request.urlopen(f'http://127.0.0.1:{port}/json/list', timeout=10))
                url = next((t['webSocketDebuggerUrl'] for t in targets if t.get('type') == 'page' and t.get('url', '').endswith('report.html')), None)
                if url is None:
                    if time.monotonic() > deadline:
                        raise RuntimeError('Chromium shows no report page')
                    time.sleep(0.05)
            tools = DevTools(url)
            while tools.eval("(() => { const n = document.getElementById('frame-number'); return document.readyState === 'complete' && !!n && n.textContent !== ''; })()") is not True:
                if time.monotonic() > deadline:
                    raise RuntimeError('the page never showed a frame')
                time.sleep(0.05)

            frames = tools.eval("JSON.parse(document.getElementById('flipbook-data').textContent).frames.map(f => [f.label, f.time, f.src.length, f.src.slice(0, 40)])")
            check(len(frames) == 7, f'the page holds {len(frames)} frames; the render kept 7 (frames 0, 10, …, 60)')
            state = "[document.getElementById('frame-number').textContent, document.getElementById('frame-time').textContent, document.getElementById('frame-image').src]"
            number, clock, src0 = tools.eval(state)
            check(number.startswith('frame 0 ') and '(1 of 7)' in number, f'at first the player says {number!r}')
            check(clock == 't = 0.000 s', f'at first the time reads {clock!r}')
            check(src0.startswith('data:image/png;base64,'), f'the frame is not an embedded PNG: {src0[:40]!r}')

            tools.eval("(() => { const s = document.getElementById('frame-slider'); s.value = '3'; s.dispatchEvent(new Event('input', {bubbles: true})); })()")
            number, clock, src3 = tools.eval(state)
            check(number.startswith('frame 30 ') and '(4 of 7)' in number, f'after scrubbing to the 4th frame the player says {number!r}')
            check(clock == 't = 0.500 s', f'after scrubbing to frame 30 the time reads {clock!r}')
            check(src3 != src0, 'scrubbing did not change the image')
            check(tools.eval("document.getElementById('frame-image').src === JSON.parse(document.getElementById('flipbook-data').textContent).frames[3].src"),
                  "the image shown is not the 4th frame's")
            check(tools.eval("document.querySelector('#sheet-grid figure.current figcaption').textContent").startswith('frame 30'),
                  'the contact sheet does not mark the frame shown')

            check(tools.eval("document.querySelectorAll('#sheet-grid figure').length") == 7, 'the contact sheet does not hold the 7 frames')
            drawn = tools.eval("document.querySelectorAll('#plot-list g.series').length")
            check(drawn == series, f'the plots draw {drawn} lines; the trace has {series} changing components')
            drawn = tools.eval("document.querySelectorAll('#plot-list .plot').length")
            check(drawn == charts, f'the page has {drawn} plots; the trace has {charts} changing values')
            drawn = tools.eval("document.querySelectorAll('#plot-list g.mark').length")
            check(drawn == marks, f'the plots mark {drawn} animations; the trace starts {marks} on plotted keys')
            check(tools.eval("[...document.querySelectorAll('#plot-list line.cursor')].every(l => l.getAttribute('visibility') === 'visible')"),
                  'the plots do not show the current time')

            tools.eval("document.getElementById('play').click()")
            check(tools.eval("document.getElementById('play').textContent") == 'Pause', 'play does not turn into pause')
            moved = False
            until = time.monotonic() + 5
            while time.monotonic() < until and not moved:
                time.sleep(0.05)
                moved = not tools.eval("document.getElementById('frame-number').textContent").startswith('frame 30 ')
            check(moved, 'playing did not advance the frame')
        finally:
            proc.terminate()
            try:
                proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                proc.kill()
    for f in failures:
        print(f'report browser test: {f}', file=sys.stderr)
    if failures:
        return 1
    print(f'report browser test: passed in {time.monotonic() - started:.1f} s ({series} lines, {marks} marks checked)')
    return 0


if __name__ == '__main__':
    sys.exit(main())
