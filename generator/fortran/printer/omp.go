package printer

import (
	"strings"

	"github.com/fadj-dev/fadj/generator/fortran/ast"
)

// ompDirective writes an OpenMP directive (or conditional compilation
// line) from its parsed form, so that clauses the generators extend are
// printed. A directive too long for a line continues on "!$omp&" lines.
func (p *printer) ompDirective(d *ast.OmpDirective) {
	ind := spaces[:p.indentWidth(p.depth)]
	if d.Cond {
		p.writeComment(ind, "!$ "+d.Text)
		return
	}
	pre, text := "!$omp ", d.String()
	for len(ind)+len(pre)+len(text) > p.maxLen {
		room := p.maxLen - len(ind) - len(pre) - 2
		cut := strings.LastIndexByte(text[:max(room, 1)], ' ')
		if cut <= 0 {
			break
		}
		p.writeComment(ind, pre+text[:cut]+" &")
		pre, text = "!$omp& ", strings.TrimLeft(text[cut:], " ")
	}
	p.writeComment(ind, pre+text)
}
