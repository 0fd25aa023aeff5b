/*
 * trace_html_page.h: the fixed text of the MOCKHIP_TRACE_HTML page (trace_html.c
 * writes the rest): its style and the script that turns the steps into a
 * stepper. The script runs at DOMContentLoaded and counts the steps present,
 * so the page of a program that died half way still loads. For a checker it
 * leaves <body data-steps="N" data-current="K" data-errors="...">. The list of
 * steps marks a failed call with a cross and a warned one (a success that a
 * report on its step speaks against: its .result.warned) with a warning sign.
 */
#ifndef MH_TRACE_HTML_PAGE_H
#define MH_TRACE_HTML_PAGE_H

/* Up to the <title>'s text, which trace_html.c writes. */
#define MH_PAGE_START                                                                              \
  "<!DOCTYPE html>\n"                                                                              \
  "<html lang=\"en\">\n"                                                                           \
  "<head>\n"                                                                                       \
  "<meta charset=\"utf-8\">\n"                                                                     \
  "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"                     \
  "<title>"

/* From the end of the <title> to the <h1>'s text. */
#define MH_PAGE_HEAD                                                                               \
  "</title>\n"                                                                                     \
  "<style>\n"                                                                                      \
  "body { margin: 0; font-family: system-ui, sans-serif; color: #212121; background: #fafafa; }\n" \
  "header { position: sticky; top: 0; z-index: 1; display: flex; flex-wrap: wrap; gap: 16px;\n"    \
  "  align-items: center; padding: 8px 16px; background: #263238; color: #ffffff; }\n"             \
  "header h1 { margin: 0; font-size: 16px; font-weight: normal; }\n"                               \
  "nav button { font-size: 14px; min-width: 36px; }\n"                                             \
  "#position { font-weight: bold; min-width: 120px; display: inline-block; text-align: center; "   \
  "}\n"                                                                                            \
  ".keys { color: #b0bec5; font-size: 12px; }\n"                                                   \
  "#layout { display: flex; align-items: flex-start; }\n"                                          \
  "#calls { position: sticky; top: 48px; width: 270px; max-height: calc(100vh - 64px);\n"          \
  "  overflow-y: auto; margin: 0; padding: 8px 8px 8px 40px; font: 12px monospace; }\n"            \
  "#calls li { padding: 1px 4px; }\n"                                                              \
  "#calls li.current { background: #ffe082; }\n"                                                   \
  "#calls a { color: #263238; text-decoration: none; }\n"                                          \
  "#calls li.failed a { color: #c62828; }\n"                                                       \
  "#calls li.warned a { color: #e65100; }\n"                                                       \
  "main { flex: 1; min-width: 0; padding: 8px 16px; }\n"                                           \
  ".step { margin-bottom: 16px; padding-bottom: 16px; border-bottom: 1px solid #cfd8dc; }\n"       \
  "body.stepping .step { display: none; }\n"                                                       \
  "body.stepping .step.current { display: block; border-bottom: 0; }\n"                            \
  ".step h2 { margin: 4px 0; font-size: 15px; }\n"                                                 \
  ".call { margin: 4px 0; padding: 8px; background: #eceff1; font-size: 13px;\n"                   \
  "  white-space: pre-wrap; word-break: break-all; }\n"                                            \
  ".result { margin: 4px 0; font: bold 13px monospace; }\n"                                        \
  ".result.ok { color: #2e7d32; }\n"                                                               \
  ".result.failed { color: #c62828; }\n"                                                           \
  ".result.warned { color: #e65100; }\n"                                                           \
  ".reason { margin: 4px 0; color: #c62828; }\n"                                                   \
  ".unchanged, .note { margin: 4px 0; color: #546e7a; font-style: italic; }\n"                     \
  ".teach { margin: 4px 0; padding: 4px 8px; background: #fff8e1; border-left: 3px solid "         \
  "#ffb300; }\n"                                                                                   \
  ".strict { margin: 4px 0; padding: 4px 8px; background: #fff3e0; border-left: 3px solid "        \
  "#e65100; }\n"                                                                                   \
  ".explain { margin: 4px 0; padding: 8px; background: #fbe9e7; font-size: 13px;\n"                \
  "  white-space: pre-wrap; word-break: break-word; }\n"                                           \
  ".picture svg { max-width: 100%; height: auto; border: 1px solid #cfd8dc; }\n"                   \
  "</style>\n"                                                                                     \
  "<script>\n"                                                                                     \
  "(function () {\n"                                                                               \
  "  'use strict';\n"                                                                              \
  "  var errors = [], steps = [], items = [];\n"                                                   \
  "  function noteError(text) {\n"                                                                 \
  "    errors.push(text);\n"                                                                       \
  "    if (document.body) document.body.setAttribute('data-errors', errors.join(' | '));\n"        \
  "  }\n"                                                                                          \
  "  window.addEventListener('error', function (e) { noteError(String(e.message)); });\n"          \
  "  function clamp(n) { return Math.min(Math.max(n, 1), steps.length); }\n"                       \
  "  function fromHash() {\n"                                                                      \
  "    var m = /^#step-(\\d+)$/.exec(location.hash);\n"                                            \
  "    return clamp(m ? parseInt(m[1], 10) : 1);\n"                                                \
  "  }\n"                                                                                          \
  "  function show(n) {\n"                                                                         \
  "    if (steps.length === 0) return;\n"                                                          \
  "    steps.forEach(function (s, i) { s.classList.toggle('current', i + 1 === n); });\n"          \
  "    items.forEach(function (li, i) { li.classList.toggle('current', i + 1 === n); });\n"        \
  "    if (items[n - 1].scrollIntoView) items[n - 1].scrollIntoView({block: 'nearest'});\n"        \
  "    document.body.setAttribute('data-current', String(n));\n"                                   \
  "    document.getElementById('position').textContent = 'step ' + n + ' of ' + steps.length;\n"   \
  "  }\n"                                                                                          \
  "  /* Through the address, so back and forward walk the steps too. */\n"                         \
  "  function go(n) {\n"                                                                           \
  "    if (steps.length === 0) return;\n"                                                          \
  "    var hash = '#step-' + clamp(n);\n"                                                          \
  "    if (location.hash === hash) show(clamp(n)); else location.hash = hash;\n"                   \
  "  }\n"                                                                                          \
  "  function current() { return Number(document.body.getAttribute('data-current')) || 1; }\n"     \
  "  document.addEventListener('DOMContentLoaded', function () {\n"                                \
  "    var body = document.body, list = document.getElementById('calls');\n"                       \
  "    if (errors.length) body.setAttribute('data-errors', errors.join(' | '));\n"                 \
  "    steps = Array.prototype.slice.call(document.querySelectorAll('section.step'));\n"           \
  "    body.setAttribute('data-steps', String(steps.length));\n"                                   \
  "    if (steps.length === 0) {\n"                                                                \
  "      document.getElementById('position').textContent = 'no steps';\n"                          \
  "      return;\n"                                                                                \
  "    }\n"                                                                                        \
  "    steps.forEach(function (s, i) {\n"                                                          \
  "      var li = document.createElement('li'), a = document.createElement('a');\n"                \
  "      a.href = '#step-' + (i + 1);\n"                                                           \
  "      /* a success a report says is no all-clear: a warning, not a failure */\n"                \
  "      var warned = s.querySelector('.result.warned') !== null;\n"                               \
  "      var failed = !warned && s.getAttribute('data-result') !== 'hipSuccess';\n"                \
  "      a.textContent = s.getAttribute('data-api') +\n"                                           \
  "          (warned ? ' \\u26a0' : failed ? ' \\u2717' : '');\n"                                  \
  "      if (warned || failed) li.className = warned ? 'warned' : 'failed';\n"                     \
  "      li.appendChild(a);\n"                                                                     \
  "      list.appendChild(li);\n"                                                                  \
  "      items.push(li);\n"                                                                        \
  "    });\n"                                                                                      \
  "    body.classList.add('stepping');\n"                                                          \
  "    document.getElementById('first').onclick = function () { go(1); };\n"                       \
  "    document.getElementById('prev').onclick = function () { go(current() - 1); };\n"            \
  "    document.getElementById('next').onclick = function () { go(current() + 1); };\n"            \
  "    document.getElementById('last').onclick = function () { go(steps.length); };\n"             \
  "    document.addEventListener('keydown', function (e) {\n"                                      \
  "      var to = {ArrowLeft: current() - 1, ArrowRight: current() + 1, Home: 1,\n"                \
  "                End: steps.length}[e.key];\n"                                                   \
  "      if (to === undefined || e.altKey || e.ctrlKey || e.metaKey) return;\n"                    \
  "      e.preventDefault();\n"                                                                    \
  "      go(to);\n"                                                                                \
  "    });\n"                                                                                      \
  "    window.addEventListener('hashchange', function () { show(fromHash()); });\n"                \
  "    show(fromHash());\n"                                                                        \
  "  });\n"                                                                                        \
  "})();\n"                                                                                        \
  "</script>\n"                                                                                    \
  "</head>\n"                                                                                      \
  "<body data-steps=\"0\" data-current=\"0\" data-errors=\"\">\n"                                  \
  "<header>\n"                                                                                     \
  "<h1>"

/* From the end of the <h1> to the first step. */
#define MH_PAGE_NAV                                                                                \
  "</h1>\n"                                                                                        \
  "<nav>\n"                                                                                        \
  "<button id=\"first\" title=\"first step (Home)\">&#x25C0;&#x25C0;</button>\n"                   \
  "<button id=\"prev\" title=\"previous step (left arrow)\">&#x25C0;</button>\n"                   \
  "<span id=\"position\">every step</span>\n"                                                      \
  "<button id=\"next\" title=\"next step (right arrow)\">&#x25B6;</button>\n"                      \
  "<button id=\"last\" title=\"last step (End)\">&#x25B6;&#x25B6;</button>\n"                      \
  "<span class=\"keys\">keys: &#x2190; &#x2192; Home End</span>\n"                                 \
  "</nav>\n"                                                                                       \
  "</header>\n"                                                                                    \
  "<div id=\"layout\">\n"                                                                          \
  "<ol id=\"calls\"></ol>\n"                                                                       \
  "<main id=\"steps\">\n"

/* Written at exit; a page without it (a crash) loads all the same. */
#define MH_PAGE_END                                                                                \
  "</main>\n"                                                                                      \
  "</div>\n"                                                                                       \
  "</body>\n"                                                                                      \
  "</html>\n"

#endif /* MH_TRACE_HTML_PAGE_H */
