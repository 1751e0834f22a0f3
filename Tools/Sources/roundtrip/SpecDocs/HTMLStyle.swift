/// The style sheet of ``HTMLFormatter``'s pages, inline in each: system fonts only, one column
/// that widens up to a comfortable line length, tables whose rows become cards on a phone (each
/// cell after its column's name) and that scroll sideways between a phone's width and a
/// desktop's, URLs that wrap anywhere, and light and dark colours after `prefers-color-scheme`.
enum HTMLStyle {
    static let css = """
        :root {
          color-scheme: light dark;
          --bg: #ffffff; --fg: #1f2328; --muted: #59636e; --border: #d1d9e0;
          --code-bg: #eff1f3; --pre-bg: #f6f8fa; --head-bg: #f6f8fa; --accent: #0a5ec2; --shadow: rgba(0, 0, 0, .22);
        }
        @media (prefers-color-scheme: dark) {
          :root {
            --bg: #0d1117; --fg: #e6edf3; --muted: #9198a1; --border: #3d444d;
            --code-bg: #262c36; --pre-bg: #161b22; --head-bg: #161b22; --accent: #58a6ff; --shadow: rgba(0, 0, 0, .7);
          }
        }
        *, *::before, *::after { box-sizing: border-box; }
        html { -webkit-text-size-adjust: 100%; text-size-adjust: 100%; }
        body {
          margin: 0; background: var(--bg); color: var(--fg);
          font: 16px/1.55 system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif;
        }
        .page { max-width: 68rem; margin: 0 auto; padding: 1.25rem 1rem 3rem; }
        @media (min-width: 48rem) { .page { padding: 2.5rem 2.5rem 4rem; } }
        h1 { font-size: 1.85rem; line-height: 1.2; margin: 0 0 .35rem; overflow-wrap: anywhere; }
        h2 {
          font-size: 1.4rem; line-height: 1.3; margin: 2.75rem 0 .75rem; padding-bottom: .35rem;
          border-bottom: 1px solid var(--border); overflow-wrap: anywhere;
        }
        h3 { font-size: 1.05rem; margin: 1.75rem 0 .5rem; }
        section > h2 code { font-size: 1em; padding: .05em .3em; }
        p, ul, dl { margin: .6rem 0; }
        ul { padding-left: 1.4rem; }
        li { margin: .2rem 0; overflow-wrap: anywhere; }
        .subtitle { color: var(--muted); margin: 0; }
        a { color: var(--accent); text-underline-offset: 2px; }
        code, pre { font-family: ui-monospace, SFMono-Regular, "SF Mono", Menlo, Consolas, "Liberation Mono", monospace; font-size: .875em; }
        code { background: var(--code-bg); border-radius: 4px; padding: .1em .25em; overflow-wrap: anywhere; }
        pre {
          background: var(--pre-bg); border: 1px solid var(--border); border-radius: 8px; padding: .75rem 1rem; margin: .75rem 0;
          white-space: pre-wrap; overflow-wrap: anywhere; word-break: break-all; line-height: 1.45;
        }
        pre code { background: none; padding: 0; font-size: inherit; border-radius: 0; }
        dl.facts { display: grid; grid-template-columns: 1fr; gap: 0 1.5rem; }
        dl.facts dt { font-weight: 600; margin-top: .5rem; }
        dl.facts dd { margin: 0; overflow-wrap: anywhere; min-width: 0; }
        @media (min-width: 40rem) {
          dl.facts { grid-template-columns: minmax(7rem, max-content) minmax(0, 1fr); row-gap: .45rem; }
          dl.facts dt { margin-top: 0; }
        }
        .table-wrap {
          overflow-x: auto; -webkit-overflow-scrolling: touch; margin: .75rem 0;
          border: 1px solid var(--border); border-radius: 8px;
          /* Shadows at an edge that has more table beyond it: the covers scroll with the table. */
          background:
            linear-gradient(to right, var(--bg) 40%, transparent) left / 2.5rem 100% no-repeat local,
            linear-gradient(to left, var(--bg) 40%, transparent) right / 2.5rem 100% no-repeat local,
            radial-gradient(farthest-side at 0 50%, var(--shadow), transparent) left / .9rem 100% no-repeat scroll,
            radial-gradient(farthest-side at 100% 50%, var(--shadow), transparent) right / .9rem 100% no-repeat scroll;
          background-color: var(--bg);
        }
        /* A round trip's sequence diagram keeps its size (its text stays legible) and scrolls sideways on a narrow screen. */
        figure.diagram { margin: .75rem 0; overflow-x: auto; -webkit-overflow-scrolling: touch; }
        figure.diagram svg { display: block; max-width: none; height: auto; }
        figure.diagram .head { fill: var(--head-bg); stroke: var(--border); }
        .table-wrap:focus-visible { outline: 2px solid var(--accent); outline-offset: 2px; }
        table { border-collapse: collapse; width: 100%; min-width: 38rem; font-size: .925rem; }
        th, td { text-align: left; vertical-align: top; padding: .5rem .7rem; border-bottom: 1px solid var(--border); }
        th { background: var(--head-bg); font-weight: 600; white-space: nowrap; }
        tbody tr:last-child td { border-bottom: none; }
        td:first-child { white-space: nowrap; }
        td:last-child { min-width: 12rem; }
        td code { overflow-wrap: break-word; }
        /* A phone: each row is a card, each cell on its own line after its column's name. */
        @media (max-width: 40rem) {
          .table-wrap { overflow: visible; border: 0; border-radius: 0; background: none; }
          table { min-width: 0; }
          table, tbody, tr, td { display: block; }
          thead { position: absolute; width: 1px; height: 1px; overflow: hidden; clip-path: inset(50%); white-space: nowrap; }
          tr { border: 1px solid var(--border); border-radius: 8px; margin: .75rem 0; padding: .15rem .8rem; }
          /* The name floats in the cell's left padding; the cell's text flows beside it. */
          td, td:first-child, td:last-child, tbody tr:last-child td {
            display: flow-root; padding: .45rem 0 .45rem 6.75rem; border-bottom: none; white-space: normal; min-width: 0;
          }
          /* A line between cells shown; an empty cell (no default, say) is left out. */
          td:not(:empty) ~ td:not(:empty) { border-top: 1px solid var(--border); }
          td:empty { display: none; }
          td::before {
            content: attr(data-label); float: left; width: 6rem; margin-left: -6.75rem;
            font-weight: 600; color: var(--muted); overflow-wrap: anywhere;
          }
        }

        """
}
