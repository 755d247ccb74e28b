// HTMLReport — the module's table of contents.
//
// One self-contained HTML page of frames and values, for `flipbook report` (Render: a render's
// folder) and the test kit (FlipbookTesting: a failed golden's expected, actual and diff). Foundation
// only, so the test kit gets it without Render or SDL. The page is built as text: its style and
// script inline, images as data: URIs or paths beside the page, the values as one JSON block the
// script reads; a Content-Security-Policy keeps it off the network.
//
//   ReportPage.swift              the page: player, contact sheet, side-by-side row, plots; its JSON
//   ReportPage+Assets.swift       the inline style and script (the player, sheet and SVG plots)
//   ReportPage+Signature.swift    the signature line: a page Flipbook wrote and nobody edited
//   HTMLEscaping.swift            text, attributes and JSON-in-<script> escaping
