package explain

import (
	"html/template"
	"io"
	"strings"
)

// WriteHTML prints the report as one HTML page that needs nothing else:
// no scripts, no fonts, no files beside it.
func WriteHTML(w io.Writer, r *Report) error {
	return page.Execute(w, r)
}

var page = template.Must(template.New("explain").Funcs(template.FuncMap{
	"join":    func(l []string) string { return orNone(l) },
	"summary": summary,
	"mark": func(l *Line) string {
		switch {
		case !l.Stmt:
			return ""
		case l.Active:
			return "A"
		}
		return "."
	},
	"class": func(l *Line) string {
		switch {
		case !l.Stmt:
			return "decl"
		case l.Active:
			return "active"
		}
		return "passive"
	},
	"kind": func(k NoteKind) string { return k.String() },
	"code": func(s string) string { return strings.TrimRight(s, " \t") },
}).Parse(`<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>fadj explain {{.Spec}}</title>
<style>
body { font-family: sans-serif; margin: 1.5em; color: #1b1b1b; background: #fff; }
h1 { font-size: 1.3em; } h2 { font-size: 1.15em; margin-top: 2em; } h3 { font-size: 1em; margin-top: 1.5em; }
.facts { margin: 0.3em 0; }
table.src { border-collapse: collapse; font-family: monospace; font-size: 13px; }
table.src td { padding: 1px 8px; vertical-align: top; white-space: pre; }
td.n { color: #777; text-align: right; }
td.m { font-weight: bold; text-align: center; }
tr.active td.code { background: #fff3cd; }
tr.active td.m { color: #b35900; }
tr.passive td.m { color: #777; }
tr.note td.text { white-space: normal; font-family: sans-serif; font-size: 12px; }
td.k { font-family: sans-serif; font-size: 11px; font-weight: bold; border-radius: 3px; text-align: center; }
.tape { background: #f8d7da; } .recompute { background: #d1e7dd; }
.checkpoint, .snapshot { background: #cfe2ff; } .split { background: #e2d9f3; }
.legend span { padding: 0 6px; margin-right: 6px; border-radius: 3px; font-size: 12px; }
</style>
</head>
<body>
<h1>fadj explain {{.Spec}}</h1>
<p class="legend">Each line of a differentiated routine, with what the adjoint decided about it.
<span class="active" style="background:#fff3cd">A active statement</span>
<span>. passive statement</span>
<span class="tape">tape: pushed before the statement, popped by the backward sweep</span>
<span class="recompute">recompute: computed again in the backward sweep</span>
<span class="checkpoint">checkpoint / snapshot: a call re-run from a snapshot</span>
<span class="split">split: a call recording its own tape</span></p>
{{range .Targets}}
<h2>Target {{.Routine}} (mode {{.Mode}})</h2>
<p class="facts">Independents: {{join .Independents}}. Dependents: {{join .Dependents}}.</p>
{{if .Decisions}}<p class="facts">Strategy {{.Strategy}} decided:</p><ul class="facts">{{range .Decisions}}<li>{{.}}</li>{{end}}</ul>{{end}}
{{range .Versions}}
<h3>{{.Name}} <small>({{.File}}){{if .Adjoint}} → {{.Adjoint}}{{end}}</small></h3>
<p class="facts">Active on entry: {{join .In}}; on exit: {{join .Out}}. Active variables: {{join .Active}}.</p>
{{if .Adjoint}}<p class="facts">{{summary .}}</p>{{end}}
<table class="src">
{{range .Lines}}<tr class="{{class .}}"><td class="n">{{.N}}</td><td class="m">{{mark .}}</td><td class="code" colspan="2">{{code .Text}}</td></tr>
{{range .Notes}}<tr class="note"><td></td><td></td><td class="k {{kind .Kind}}">{{kind .Kind}}</td><td class="text">{{.Text}}</td></tr>
{{end}}{{end}}</table>
{{end}}{{end}}
</body>
</html>
`))
