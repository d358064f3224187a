// Package printer writes a Fortran syntax tree (package ast) as free-form
// Fortran source.
//
// The output depends only on the structure of the tree, never on node
// positions, so trees built by a program (with source.NoPos everywhere)
// print as well as parsed ones. Fixed-form input comes out as free form.
//
// # Layout
//
//   - One statement per line. Each nesting level (unit bodies, construct
//     blocks, interface bodies, derived-type components, procedures after
//     CONTAINS, type-bound procedure statements) is indented by
//     Config.Indent spaces (2 by default). CONTAINS is at the level of the
//     unit or derived type that holds it; CASE, ELSE IF, ELSE and
//     ELSEWHERE are at the level of their construct. A BLOCK construct's
//     specification part and its executable statements are both one
//     level deeper than BLOCK.
//   - A statement label is written first on its line, after the
//     indentation and followed by one blank: "    10 continue".
//   - Keywords are lower case; names, literals, FORMAT specifications and
//     operators are written as they were spelled (ast.Ident.Name,
//     ast.BasicLit.Value, BinaryExpr.OpLit, or the operator's canonical
//     spelling when OpLit is empty).
//   - Binary operators are surrounded by one blank, except the
//     multiplicative operators "*", "/" and "**", which are written
//     without blanks: "y = a*x + b**2/c". A dotted unary operator is
//     followed by a blank (".not. done"); "-" and "+" are not ("-x").
//   - No blanks inside parentheses; ", " separates list items; keyword
//     arguments and control specifiers are written "name=value".
//     Keywords that introduce a parenthesised condition or header take a
//     blank before it ("if (", "do while (", "do concurrent (",
//     "select case (", "where (", "forall (", "associate (", "go to (");
//     statements that read like a call do not ("write(6, *)",
//     "allocate(a(n))", "format(...)"). A DO CONCURRENT or FORALL mask
//     follows the index specifications: "do concurrent (i = 1:n, a(i) > 0)".
//   - Type declarations always have "::"; attribute statements with
//     names do too ("dimension :: a(10)", "external :: f"), and so do
//     type-bound PROCEDURE, GENERIC and FINAL statements
//     ("procedure, pass(self) :: area => circle_area",
//     "generic :: operator(+) => add", "final :: cleanup").
//   - END statements are complete: "end subroutine name", "end do",
//     "end if", "end select name", "end block", "end associate name"...;
//     "go to" and "else if" are two words.
//   - F77 labelled DO loops are written as block DO loops: "do i = 1, n"
//     ... "end do", the terminal statement (with its label) being the last
//     statement of the innermost body; loops that shared a terminal
//     statement each get their own "end do".
//   - Parentheses written in the source (ast.ParenExpr) are kept, and
//     parentheses are added wherever the tree's structure needs them by
//     the precedence and associativity rules of Fortran: "(a + b)*c",
//     "a - (b - c)", "a + (b + c)", "(a**b)**c", "a*(-b)", "-(a + b)",
//     ".not. (a .and. b)". No others are added.
//   - A line longer than Config.LineLength (132, the free-form limit)
//     is broken after a ", " or after a binary operator with a trailing
//     " &"; continuation lines are indented two levels deeper than the
//     statement. A character literal (or FORMAT string) that does not fit
//     is split with "&" at the end of the line and "&" as the first
//     non-blank of the next one.
//   - Comments: the Doc comments of a statement are written on their own
//     lines before it at its indentation, its Line comment after it
//     (" ! text"; if the line would become too long, the comment goes
//     before the statement instead). A Comment with empty Text stands for
//     a blank line. BlankBefore writes one blank line (never two in a
//     row, never at the start of the file). Program units, and procedures
//     after CONTAINS, are separated by one blank line.
package printer

import (
	"bytes"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/fortran/token"
)

// Config controls the layout.
type Config struct {
	// Indent is the number of spaces per nesting level; 0 means 2.
	Indent int
	// LineLength is the maximal length of an output line; 0 means 132,
	// the free-form limit of the standard and of gfortran. Values below
	// 40 are raised to 40.
	LineLength int
}

// Fprint writes f as free-form Fortran.
func Fprint(w io.Writer, f *ast.File) error { return (&Config{}).Fprint(w, f) }

// Node formats one statement (with its nested blocks), a unit or an
// expression (also a type spec, attribute, entity, keyword, bind or
// comment), at indentation 0. Expressions are written on one line
// with no newline; everything else ends in a newline.
func Node(w io.Writer, n ast.Node) error { return (&Config{}).Node(w, n) }

// ExprString returns the free-form text of an expression. A node that
// cannot be printed shows as "<?T>" where T is its Go type.
func ExprString(x ast.Expr) string {
	p := newPrinter(&Config{})
	p.lenient = true
	p.expr(x)
	return string(p.line)
}

// Fprint writes f as free-form Fortran.
func (c *Config) Fprint(w io.Writer, f *ast.File) error {
	p := newPrinter(c)
	p.file(f)
	return p.finish(w)
}

// Node formats one node at indentation 0; see the package function Node.
func (c *Config) Node(w io.Writer, n ast.Node) error {
	p := newPrinter(c)
	switch n := n.(type) {
	case nil:
		p.errorf("nil node")
	case *ast.Unit:
		p.unit(n)
	case ast.Stmt:
		p.stmt(n)
	case ast.Expr:
		p.expr(n)
		p.out.Write(p.line)
	case *ast.TypeSpec:
		p.typeSpec(n, false)
		p.out.Write(p.line)
	case *ast.Attr:
		p.attr(n)
		p.out.Write(p.line)
	case *ast.Entity:
		p.entity(n)
		p.out.Write(p.line)
	case *ast.Keyword:
		p.keyword(n)
		p.out.Write(p.line)
	case *ast.Bind:
		p.bind(n)
		p.out.Write(p.line)
	case *ast.Comment:
		p.comment(n)
	default:
		p.errorf("cannot print node of type %T", n)
	}
	return p.finish(w)
}

// ----------------------------------------------------------------------------
// The printer state

type span struct{ start, end int } // a character literal in line: [start, end), start at the opening quote

// brkPoint is an offset in line where the line may be broken; weak
// breaks (after "*", "/" and "**") are taken only when no other break
// fills at least half of the line.
type brkPoint struct {
	off  int
	weak bool
}

type printer struct {
	indentW int
	maxLen  int
	lenient bool // ExprString: mark unprintable nodes instead of failing

	out   bytes.Buffer
	depth int // nesting level

	// the statement being built
	line   []byte
	breaks []brkPoint // where line may be broken, in increasing order
	strs   []span     // character literals in line, which may be split

	tmp       []byte // laid-out lines of the statement
	started   bool   // a line has been written
	lastBlank bool   // the last line written is blank

	cur ast.Node // the statement being printed, for error messages
	err error
}

func newPrinter(c *Config) *printer {
	p := &printer{indentW: c.Indent, maxLen: c.LineLength}
	if p.indentW <= 0 {
		p.indentW = 2
	}
	if p.maxLen == 0 {
		p.maxLen = 132
	}
	if p.maxLen < 40 {
		p.maxLen = 40
	}
	return p
}

func (p *printer) finish(w io.Writer) error {
	if p.err != nil {
		return p.err
	}
	_, err := w.Write(p.out.Bytes())
	return err
}

func (p *printer) errorf(format string, args ...any) {
	if p.err == nil {
		msg := fmt.Sprintf(format, args...)
		if p.cur != nil {
			msg += fmt.Sprintf(" (in %T)", p.cur)
		}
		p.err = fmt.Errorf("printer: %s", msg)
	}
}

// bad reports a node that cannot be printed.
func (p *printer) bad(what string, n any) {
	if p.lenient {
		p.str("<?")
		p.str(fmt.Sprintf("%T", n))
		p.str(">")
		return
	}
	if n == nil {
		p.errorf("missing %s", what)
		return
	}
	p.errorf("cannot print %s of type %T", what, n)
}

const spaces = "                                                                " // 64

// maxIndent caps the indentation so that deeply nested code keeps room
// for its statements; it is also at most half the line length.
const maxIndent = 60

func (p *printer) indentWidth(depth int) int {
	n := depth * p.indentW
	if n > maxIndent {
		n = maxIndent
	}
	if n > p.maxLen/2 {
		n = p.maxLen / 2
	}
	return n
}

// ----------------------------------------------------------------------------
// Building the text of a statement

func (p *printer) str(s string)   { p.line = append(p.line, s...) }
func (p *printer) byte(c byte)    { p.line = append(p.line, c) }
func (p *printer) brk()           { p.breaks = append(p.breaks, brkPoint{len(p.line), false}) }
func (p *printer) weakBrk()       { p.breaks = append(p.breaks, brkPoint{len(p.line), true}) }
func (p *printer) itoa(n int)     { p.line = strconv.AppendInt(p.line, int64(n), 10) }
func (p *printer) comma()         { p.str(", "); p.brk() }
func (p *printer) resetLine()     { p.line, p.breaks, p.strs = p.line[:0], p.breaks[:0], p.strs[:0] }
func (p *printer) lower(s string) { p.str(strings.ToLower(s)) }

func (p *printer) ident(x *ast.Ident) {
	if x == nil || x.Name == "" {
		p.bad("name", x)
		return
	}
	p.str(x.Name)
}

// ----------------------------------------------------------------------------
// Writing lines

// writeRaw writes laid-out lines, each ending in a newline.
func (p *printer) writeRaw(b []byte) {
	p.out.Write(b)
	p.started = true
	p.lastBlank = false
}

func (p *printer) blank() {
	if p.started && !p.lastBlank {
		p.out.WriteByte('\n')
		p.lastBlank = true
	}
}

// commentText returns the text of c as a free-form comment, or "" for a
// blank-line marker.
func commentText(c *ast.Comment) string {
	t := strings.TrimRight(c.Text, " \t\r\n")
	if t == "" {
		return ""
	}
	if t[0] != '!' {
		t = "! " + t
	}
	return t
}

// comment writes a full-line comment (which may hold several lines).
func (p *printer) comment(c *ast.Comment) {
	if c == nil {
		return
	}
	if c.Omp != nil {
		p.ompDirective(c.Omp) // omp.go
		return
	}
	t := commentText(c)
	if t == "" {
		p.blank()
		return
	}
	ind := spaces[:p.indentWidth(p.depth)]
	if strings.IndexByte(t, '\n') < 0 {
		p.commentLine(ind, t)
		return
	}
	for _, l := range strings.Split(t, "\n") {
		l = strings.TrimRight(l, " \t\r")
		if l == "" {
			p.blank()
			continue
		}
		if l[0] != '!' {
			l = "! " + l
		}
		p.commentLine(ind, l)
	}
}

// commentLine writes the comment l at indentation ind. A comment too
// long for a line is wrapped at a blank (or, if there is none, anywhere)
// into several comment lines, each starting like the first ("! ").
func (p *printer) commentLine(ind, l string) {
	// The line being wrapped is pre+body. Only the head of it that fits
	// on one output line is ever copied, so that wrapping a comment of n
	// bytes costs O(n), not O(n²/width).
	pre, body := "", l
	for len(ind)+len(pre)+len(body) > p.maxLen {
		room := p.maxLen - len(ind)
		head := pre + body[:min(len(body), max(room+1-len(pre), 0))]
		k := 0 // the leading "!!  " of the line, repeated on each line
		for k < len(head) && head[k] == '!' {
			k++
		}
		for k < len(head) && head[k] == ' ' {
			k++
		}
		if k > room/2 {
			k = 1
		}
		cut := strings.LastIndexByte(head[:min(len(head), room+1)], ' ')
		if cut <= k {
			cut = room
		}
		p.writeComment(ind, strings.TrimRight(head[:cut], " "))
		var rest string
		if cut >= len(pre) {
			rest = body[cut-len(pre):]
		} else {
			rest = pre[cut:] + body
		}
		rest = strings.TrimLeft(rest, " ")
		if rest == "" {
			return
		}
		pre, body = head[:k], rest
	}
	p.writeComment(ind, pre+body)
}

func (p *printer) writeComment(ind, l string) {
	p.out.WriteString(ind)
	p.out.WriteString(l)
	p.out.WriteByte('\n')
	p.started, p.lastBlank = true, false
}

// docs writes the blank line and comments before a statement.
func (p *printer) docs(h *ast.StmtHeader) {
	if h == nil {
		return
	}
	if h.BlankBefore {
		p.blank()
	}
	for _, c := range h.Doc {
		p.comment(c)
	}
}

// flush lays out the statement built in p.line on one or more lines,
// with its label and line comment, and starts a new statement.
func (p *printer) flush(label int, lc *ast.Comment) {
	ind := p.indentWidth(p.depth)
	cont := p.indentWidth(p.depth + 2)
	p.tmp = p.tmp[:0]
	p.tmp = append(p.tmp, spaces[:ind]...)
	if label != 0 {
		p.tmp = strconv.AppendInt(p.tmp, int64(label), 10)
		p.tmp = append(p.tmp, ' ')
	}
	lineStart := 0 // offset in p.tmp of the line being filled
	line := p.line
	pos := 0
	bi, si := 0, 0 // next candidate break and string
	for {
		lead := len(p.tmp) - lineStart
		if lead+len(line)-pos <= p.maxLen {
			p.tmp = append(p.tmp, line[pos:]...)
			break
		}
		// The last break that leaves room for " &".
		limit := pos + p.maxLen - lead - 2
		for bi < len(p.breaks) && p.breaks[bi].off <= pos {
			bi++
		}
		b, weak := -1, -1
		for j := bi; j < len(p.breaks) && p.breaks[j].off <= limit; j++ {
			if len(bytes.TrimRight(line[pos:p.breaks[j].off], " ")) > 0 {
				if p.breaks[j].weak {
					weak = p.breaks[j].off
				} else {
					b = p.breaks[j].off
				}
			}
		}
		if weak > b && b-pos < (limit-pos)/2 {
			b = weak
		}
		// A character literal running over the end of the line.
		over := pos + p.maxLen - lead - 1 // room for "&"
		for si < len(p.strs) && p.strs[si].end <= pos {
			si++
		}
		cut := -1
		if si < len(p.strs) && p.strs[si].start < over && over < p.strs[si].end {
			s := p.strs[si]
			from := s.start
			if from < pos {
				from = pos
			}
			if b < 0 || (s.end-from)+cont+2 > p.maxLen {
				cut = stringCut(line, s, pos, over)
			}
		}
		if cut > 0 {
			p.tmp = append(p.tmp, line[pos:cut]...)
			p.tmp = append(p.tmp, "&\n"...)
			lineStart = len(p.tmp)
			p.tmp = append(p.tmp, spaces[:cont]...)
			p.tmp = append(p.tmp, '&')
			pos = cut
			continue
		}
		if b < 0 {
			// Nothing fits: take the first break further on, if any.
			for j := bi; j < len(p.breaks); j++ {
				if o := p.breaks[j].off; o > pos && len(bytes.TrimRight(line[pos:o], " ")) > 0 {
					b = o
					break
				}
			}
			if b < 0 || len(bytes.TrimSpace(line[b:])) == 0 {
				p.tmp = append(p.tmp, line[pos:]...)
				break
			}
		}
		p.tmp = append(p.tmp, bytes.TrimRight(line[pos:b], " ")...)
		p.tmp = append(p.tmp, " &\n"...)
		lineStart = len(p.tmp)
		p.tmp = append(p.tmp, spaces[:cont]...)
		pos = b
		for pos < len(line) && line[pos] == ' ' {
			pos++
		}
	}
	if lc != nil {
		if t := commentText(lc); t != "" {
			t = strings.ReplaceAll(t, "\n", " ")
			if len(p.tmp)-lineStart+1+len(t) <= p.maxLen {
				p.tmp = append(p.tmp, ' ')
				p.tmp = append(p.tmp, t...)
			} else {
				p.comment(&ast.Comment{Text: t})
			}
		}
	}
	p.tmp = append(p.tmp, '\n')
	p.writeRaw(p.tmp)
	p.resetLine()
}

// stringCut returns where to split the character literal s of line so
// that line[pos:cut] ends the line (followed by "&"): the largest cut <=
// over that lies inside the literal, after its opening quote, and not
// between the two quotes of a doubled quote. It returns -1 if there is
// none.
func stringCut(line []byte, s span, pos, over int) int {
	q := line[s.start]
	last := s.end - 1 // closing quote
	if last > len(line)-1 || line[last] != q {
		last = s.end // unterminated: cut anywhere
	}
	best := -1
	// pos, where the line starts, is never inside a doubled quote: the
	// scan may start there.
	i := s.start + 1
	if pos > i {
		i = pos
	}
	for i <= last && i <= over {
		if i > pos && i > s.start+1 {
			best = i
		}
		if i < last && line[i] == q {
			i += 2 // a doubled quote: no cut between them
			continue
		}
		i++
	}
	return best
}

// ----------------------------------------------------------------------------
// Files and units

func (p *printer) file(f *ast.File) {
	if f == nil {
		p.errorf("nil file")
		return
	}
	for i, u := range f.Units {
		if i > 0 {
			p.blank()
		}
		p.unit(u)
	}
	p.depth = 0
	for _, c := range f.Trailing {
		p.comment(c)
	}
}

func (p *printer) unit(u *ast.Unit) {
	if u == nil {
		p.errorf("nil unit")
		return
	}
	hasHeader := u.Kind != ast.ProgramUnit || u.Name != nil
	if hasHeader {
		p.docs(&u.StmtHeader)
		p.unitHeader(u)
		p.flush(u.Label, u.Line)
		p.depth++
	} else {
		// A main program without PROGRAM statement: its comments go
		// with the first statement, at the body's indentation.
		p.depth++
		p.docs(&u.StmtHeader)
		if u.Line != nil {
			p.comment(u.Line)
		}
	}
	p.stmts(u.Decls)
	p.stmts(u.Body)
	if u.Contains != nil || len(u.Procs) > 0 {
		p.depth--
		h := u.Contains
		if h == nil {
			h = &ast.StmtHeader{}
		}
		p.docs(h)
		p.str("contains")
		p.flush(h.Label, h.Line)
		p.depth++
		for i, proc := range u.Procs {
			if i > 0 {
				p.blank()
			}
			p.unit(proc)
		}
	}
	p.depth--
	p.docs(&u.End.StmtHeader)
	p.str("end ")
	p.unitKind(u.Kind)
	switch {
	case u.Name != nil:
		p.byte(' ')
		p.ident(u.Name)
	case u.Kind == ast.BlockDataUnit || u.Kind == ast.ProgramUnit:
	default:
		p.errorf("%s without a name", u.Kind)
	}
	p.flush(u.End.Label, u.End.Line)
}

func (p *printer) unitKind(k ast.UnitKind) {
	if k < ast.ProgramUnit || k > ast.BlockDataUnit {
		p.errorf("unknown unit kind %d", int(k))
		return
	}
	p.str(k.String())
}

func (p *printer) unitHeader(u *ast.Unit) {
	for _, k := range u.Prefix {
		p.keyword(k)
		p.byte(' ')
	}
	if u.Type != nil {
		if u.Kind != ast.FunctionUnit {
			p.errorf("%s with a type", u.Kind)
		}
		p.typeSpec(u.Type, false)
		p.byte(' ')
	}
	p.unitKind(u.Kind)
	if u.Name != nil {
		p.byte(' ')
		p.ident(u.Name)
	} else if u.Kind != ast.BlockDataUnit {
		p.errorf("%s without a name", u.Kind)
	}
	if len(u.Args) > 0 || u.Kind == ast.FunctionUnit {
		p.byte('(')
		for i, a := range u.Args {
			if i > 0 {
				p.comma()
			}
			p.ident(a)
		}
		p.byte(')')
	}
	if u.Result != nil {
		p.str(" result(")
		p.ident(u.Result)
		p.byte(')')
	}
	if u.Bind != nil {
		p.byte(' ')
		p.bind(u.Bind)
	}
}

func (p *printer) keyword(k *ast.Keyword) {
	if k == nil || k.Name == "" {
		p.bad("keyword", k)
		return
	}
	p.lower(k.Name)
}

func (p *printer) bind(b *ast.Bind) {
	p.str("bind(c")
	if b != nil && b.Name != nil {
		p.str(", name=")
		p.expr(b.Name)
	}
	p.byte(')')
}

// ----------------------------------------------------------------------------
// Statements

func (p *printer) stmts(list []ast.Stmt) {
	for _, s := range list {
		p.stmt(s)
	}
}

func (p *printer) stmt(s ast.Stmt) {
	prev := p.cur
	if s != nil {
		p.cur = s
	}
	p.stmt1(s)
	p.cur = prev
}

func (p *printer) stmt1(s ast.Stmt) {
	switch s := s.(type) {
	case nil:
		p.errorf("nil statement")
	case *ast.Unit:
		if s == nil {
			p.errorf("nil unit")
			return
		}
		p.unit(s)
	case *ast.IfConstruct:
		p.ifConstruct(s)
	case *ast.DoConstruct:
		p.doConstruct(s)
	case *ast.SelectCase:
		p.selectCase(s)
	case *ast.SelectType:
		p.selectType(s)
	case *ast.WhereConstruct:
		p.whereConstruct(s)
	case *ast.ForallConstruct:
		p.forallConstruct(s)
	case *ast.BlockConstruct:
		p.blockConstruct(s)
	case *ast.AssociateConstruct:
		p.associateConstruct(s)
	case *ast.InterfaceBlock:
		p.interfaceBlock(s)
	case *ast.TypeDef:
		p.typeDef(s)
	case *ast.IfStmt:
		if s == nil {
			p.errorf("nil *ast.IfStmt")
			return
		}
		// Comments on the action statement go with the IF.
		h := &s.StmtHeader
		lc := h.Line
		if s.Action != nil && !isNil(s.Action) {
			ah := s.Action.Header()
			if ah != h && (len(ah.Doc) > 0 || ah.Line != nil) {
				m := *h
				m.Doc = mergeDocs(h.Doc, ah.Doc)
				if lc == nil {
					lc = ah.Line
				} else if ah.Line != nil && ah.Line != lc {
					m.Doc = append(m.Doc, ah.Line)
				}
				h = &m
			}
		}
		p.docs(h)
		p.simple(s)
		p.flush(h.Label, lc)
	default:
		if isNil(s) {
			p.errorf("nil %T", s)
			return
		}
		h := s.Header()
		p.docs(h)
		p.simple(s)
		p.flush(h.Label, h.Line)
	}
}

// isNil reports whether s is a typed nil pointer.
func isNil(s ast.Stmt) bool {
	switch s := s.(type) {
	case *ast.UseStmt:
		return s == nil
	case *ast.ImplicitStmt:
		return s == nil
	case *ast.TypeDecl:
		return s == nil
	case *ast.AttrStmt:
		return s == nil
	case *ast.ProcDecl:
		return s == nil
	case *ast.ImportStmt:
		return s == nil
	case *ast.ParameterStmt:
		return s == nil
	case *ast.CommonStmt:
		return s == nil
	case *ast.DataStmt:
		return s == nil
	case *ast.EquivalenceStmt:
		return s == nil
	case *ast.StmtFunction:
		return s == nil
	case *ast.FormatStmt:
		return s == nil
	case *ast.ProcedureStmt:
		return s == nil
	case *ast.NamelistStmt:
		return s == nil
	case *ast.EndStmt:
		return s == nil
	case *ast.AssignStmt:
		return s == nil
	case *ast.PointerAssignStmt:
		return s == nil
	case *ast.CallStmt:
		return s == nil
	case *ast.IfStmt:
		return s == nil
	case *ast.ArithIfStmt:
		return s == nil
	case *ast.ExitStmt:
		return s == nil
	case *ast.CycleStmt:
		return s == nil
	case *ast.GotoStmt:
		return s == nil
	case *ast.ComputedGotoStmt:
		return s == nil
	case *ast.LabelAssignStmt:
		return s == nil
	case *ast.AssignedGotoStmt:
		return s == nil
	case *ast.ContinueStmt:
		return s == nil
	case *ast.EntryStmt:
		return s == nil
	case *ast.ReturnStmt:
		return s == nil
	case *ast.StopStmt:
		return s == nil
	case *ast.IOStmt:
		return s == nil
	case *ast.AllocateStmt:
		return s == nil
	case *ast.WhereStmt:
		return s == nil
	case *ast.ForallStmt:
		return s == nil
	case *ast.TypeBoundProc:
		return s == nil
	case *ast.ProcComponent:
		return s == nil
	}
	return false
}

// mergeDocs returns a followed by the comments of b not already in a.
func mergeDocs(a, b []*ast.Comment) []*ast.Comment {
	if len(b) == 0 {
		return a
	}
	out := append([]*ast.Comment(nil), a...)
outer:
	for _, c := range b {
		for _, d := range a {
			if c == d {
				continue outer
			}
		}
		out = append(out, c)
	}
	return out
}

// openHeader merges the header of a construct with the header of its
// first block (IF ... THEN, WHERE), which describe the same statement:
// whichever holds the label and comments, they are printed once.
func openHeader(c, b *ast.StmtHeader) *ast.StmtHeader {
	if b == nil || b == c || (b.Label == 0 && len(b.Doc) == 0 && b.Line == nil && !b.BlankBefore) {
		return c
	}
	m := *c
	if m.Label == 0 {
		m.Label = b.Label
	}
	m.BlankBefore = c.BlankBefore || b.BlankBefore
	m.Doc = mergeDocs(c.Doc, b.Doc)
	if m.Line == nil {
		m.Line = b.Line
	} else if b.Line != nil && b.Line != m.Line {
		m.Doc = append(m.Doc, b.Line)
	}
	return &m
}

func (p *printer) constructName(name *ast.Ident) {
	if name != nil {
		p.ident(name)
		p.str(": ")
	}
}

func (p *printer) trailingName(name *ast.Ident) {
	if name != nil {
		p.byte(' ')
		p.ident(name)
	}
}

// branchName writes the construct name after ELSE, ELSE IF, CASE or
// ELSEWHERE where it was written (it is optional there).
func (p *printer) branchName(construct, branch *ast.Ident) {
	if construct != nil && branch != nil {
		p.trailingName(construct)
	}
}

func (p *printer) block(body []ast.Stmt) {
	p.depth++
	p.stmts(body)
	p.depth--
}

// end writes the END statement of a construct: "end " + what + name.
func (p *printer) end(e *ast.EndStmt, what string, name *ast.Ident) {
	p.docs(&e.StmtHeader)
	p.str("end ")
	p.str(what)
	p.trailingName(name)
	p.flush(e.Label, e.Line)
}

func (p *printer) ifConstruct(s *ast.IfConstruct) {
	if s == nil || len(s.Branches) == 0 {
		p.errorf("IF construct without branches")
		return
	}
	for i, b := range s.Branches {
		if b == nil {
			p.errorf("nil IF branch")
			return
		}
		h := &b.Head
		switch {
		case i == 0:
			h = openHeader(&s.StmtHeader, &b.Head)
			p.docs(h)
			p.constructName(s.Name)
			p.str("if (")
			p.expr(b.Cond)
			p.str(") then")
		case b.Cond != nil:
			p.docs(h)
			p.str("else if (")
			p.expr(b.Cond)
			p.str(") then")
			p.branchName(s.Name, b.Name)
		default:
			if i != len(s.Branches)-1 {
				p.errorf("ELSE branch not last in IF construct")
			}
			p.docs(h)
			p.str("else")
			p.branchName(s.Name, b.Name)
		}
		if i == 0 && b.Cond == nil {
			p.errorf("IF construct without condition")
		}
		p.flush(h.Label, h.Line)
		p.block(b.Body)
	}
	p.end(&s.End, "if", s.Name)
}

func (p *printer) doConstruct(s *ast.DoConstruct) {
	if s == nil {
		p.errorf("nil *ast.DoConstruct")
		return
	}
	p.docs(&s.StmtHeader)
	p.constructName(s.Name)
	p.str("do")
	switch {
	case s.Concurrent != nil:
		p.str(" concurrent (")
		p.forallSpecs(s.Concurrent, s.Mask)
		p.byte(')')
		p.locality(s.Locality)
	case s.While != nil:
		p.str(" while (")
		p.expr(s.While)
		p.byte(')')
	case s.Var != nil:
		p.byte(' ')
		p.ident(s.Var)
		p.str(" = ")
		p.expr(s.Start)
		p.comma()
		p.expr(s.Stop)
		if s.Step != nil {
			p.comma()
			p.expr(s.Step)
		}
	}
	if (s.Mask != nil || s.Locality != nil) && s.Concurrent == nil {
		p.errorf("DO loop with a mask or locality specifiers but no DO CONCURRENT header")
	}
	p.flush(s.Label, s.Line)
	p.block(s.Body)
	p.end(&s.End, "do", s.Name)
}

func (p *printer) selectCase(s *ast.SelectCase) {
	if s == nil {
		p.errorf("nil *ast.SelectCase")
		return
	}
	p.docs(&s.StmtHeader)
	p.constructName(s.Name)
	p.str("select case (")
	p.expr(s.Selector)
	p.byte(')')
	p.flush(s.Label, s.Line)
	for _, c := range s.Cases {
		if c == nil {
			p.errorf("nil CASE block")
			return
		}
		p.docs(&c.Head)
		if c.Default {
			p.str("case default")
		} else {
			if len(c.Values) == 0 {
				p.errorf("CASE without values")
			}
			p.str("case (")
			p.exprList(c.Values)
			p.byte(')')
		}
		p.branchName(s.Name, c.Name)
		p.flush(c.Head.Label, c.Head.Line)
		p.block(c.Body)
	}
	p.end(&s.End, "select", s.Name)
}

func (p *printer) selectType(s *ast.SelectType) {
	p.docs(&s.StmtHeader)
	p.constructName(s.Name)
	p.str("select type (")
	if s.Assoc != nil {
		p.ident(s.Assoc)
		p.str(" => ")
	}
	p.expr(s.Selector)
	p.byte(')')
	p.flush(s.Label, s.Line)
	for _, g := range s.Guards {
		if g == nil {
			p.errorf("nil type guard")
			return
		}
		p.docs(&g.Head)
		switch g.Kind {
		case ast.ClassDefault:
			p.str("class default")
		case ast.TypeIs, ast.ClassIs:
			if g.Kind == ast.ClassIs {
				p.str("class is (")
			} else {
				p.str("type is (")
			}
			p.typeSpec(g.Type, true)
			p.byte(')')
		default:
			p.errorf("unknown type guard %d", int(g.Kind))
		}
		p.branchName(s.Name, g.Name)
		p.flush(g.Head.Label, g.Head.Line)
		p.block(g.Body)
	}
	p.end(&s.End, "select", s.Name)
}

func (p *printer) whereConstruct(s *ast.WhereConstruct) {
	if s == nil || len(s.Branches) == 0 {
		p.errorf("WHERE construct without branches")
		return
	}
	for i, b := range s.Branches {
		if b == nil {
			p.errorf("nil WHERE branch")
			return
		}
		h := &b.Head
		if i == 0 {
			h = openHeader(&s.StmtHeader, &b.Head)
			p.docs(h)
			p.constructName(s.Name)
			p.str("where (")
			if b.Mask == nil {
				p.errorf("WHERE construct without mask")
			}
			p.expr(b.Mask)
			p.byte(')')
		} else {
			p.docs(h)
			p.str("elsewhere")
			if b.Mask != nil {
				p.str(" (")
				p.expr(b.Mask)
				p.byte(')')
			}
			p.branchName(s.Name, b.Name)
		}
		p.flush(h.Label, h.Line)
		p.block(b.Body)
	}
	p.end(&s.End, "where", s.Name)
}

func (p *printer) forallConstruct(s *ast.ForallConstruct) {
	if s == nil {
		p.errorf("nil *ast.ForallConstruct")
		return
	}
	p.docs(&s.StmtHeader)
	p.constructName(s.Name)
	p.str("forall (")
	p.forallSpecs(s.Specs, s.Mask)
	p.byte(')')
	p.flush(s.Label, s.Line)
	p.block(s.Body)
	p.end(&s.End, "forall", s.Name)
}

// locality prints the locality specifiers of a DO CONCURRENT:
// " local(t) reduce(+: s) default(none)".
func (p *printer) locality(list []*ast.LocalitySpec) {
	for _, l := range list {
		if l == nil {
			p.errorf("nil locality specifier")
			continue
		}
		p.byte(' ')
		p.str(l.Kind)
		p.byte('(')
		switch {
		case l.Kind == "default":
			p.str("none")
		case l.Op != "":
			p.str(l.Op)
			p.str(": ")
		}
		for i, id := range l.Names {
			if i > 0 {
				p.comma()
			}
			p.ident(id)
		}
		p.byte(')')
	}
}

func (p *printer) forallSpecs(specs []*ast.ForallSpec, mask ast.Expr) {
	if len(specs) == 0 {
		p.errorf("FORALL or DO CONCURRENT without index")
	}
	for i, sp := range specs {
		if i > 0 {
			p.comma()
		}
		if sp == nil {
			p.errorf("nil FORALL spec")
			continue
		}
		p.ident(sp.Var)
		p.str(" = ")
		p.expr(sp.Lo)
		p.byte(':')
		p.expr(sp.Hi)
		if sp.Stride != nil {
			p.byte(':')
			p.expr(sp.Stride)
		}
	}
	if mask != nil {
		p.comma()
		p.expr(mask)
	}
}

func (p *printer) interfaceBlock(s *ast.InterfaceBlock) {
	if s == nil {
		p.errorf("nil *ast.InterfaceBlock")
		return
	}
	p.docs(&s.StmtHeader)
	if s.Abstract {
		p.str("abstract ")
	}
	p.str("interface")
	if s.Generic != nil {
		p.byte(' ')
		p.genericSpec(s.Generic)
	}
	p.flush(s.Label, s.Line)
	p.depth++
	if len(s.Members) > 0 {
		for _, m := range s.Members {
			switch m := m.(type) {
			case *ast.Unit:
				p.unit(m)
			case *ast.ProcedureStmt:
				p.stmt(m)
			default:
				p.errorf("cannot print interface member of type %T", m)
			}
		}
	} else {
		for _, u := range s.Bodies {
			p.unit(u)
		}
		for _, ps := range s.Procs {
			p.stmt(ps)
		}
	}
	p.depth--
	p.docs(&s.End.StmtHeader)
	p.str("end interface")
	if s.Generic != nil {
		p.byte(' ')
		p.genericSpec(s.Generic)
	}
	p.flush(s.End.Label, s.End.Line)
}

func (p *printer) genericSpec(g *ast.GenericSpec) {
	switch g.Kind {
	case "":
		p.ident(g.Name)
	case "operator", "assignment":
		p.str(g.Kind)
		p.byte('(')
		if g.Op == "" {
			p.errorf("%s interface without operator", g.Kind)
		}
		p.str(g.Op)
		p.byte(')')
	default:
		p.errorf("unknown generic spec kind %q", g.Kind)
	}
}

func (p *printer) typeDef(s *ast.TypeDef) {
	if s == nil {
		p.errorf("nil *ast.TypeDef")
		return
	}
	p.docs(&s.StmtHeader)
	p.str("type")
	for _, a := range s.Attrs {
		p.comma()
		p.attr(a)
	}
	if s.Abstract {
		p.comma()
		p.str("abstract")
	}
	if s.Extends != nil {
		p.comma()
		p.str("extends(")
		p.ident(s.Extends)
		p.byte(')')
	}
	p.str(" :: ")
	p.ident(s.Name)
	p.flush(s.Label, s.Line)
	p.depth++
	if h := s.Sequence; h != nil {
		p.docs(h)
		p.str("sequence")
		p.flush(h.Label, h.Line)
	}
	if h := s.PrivateStmt; h != nil {
		p.docs(h)
		p.str("private")
		p.flush(h.Label, h.Line)
	}
	pcs := s.ProcComponents
	for i, c := range s.Components {
		for len(pcs) > 0 && pcs[0].Before <= i {
			p.stmt(pcs[0])
			pcs = pcs[1:]
		}
		p.stmt(c)
	}
	for _, pc := range pcs {
		p.stmt(pc)
	}
	if s.Contains != nil || len(s.Bindings) > 0 {
		// CONTAINS is at the level of the TYPE statement, like the
		// CONTAINS of a unit; the bindings are indented below it.
		p.depth--
		h := s.Contains
		if h == nil {
			h = &ast.StmtHeader{}
		}
		p.docs(h)
		p.str("contains")
		p.flush(h.Label, h.Line)
		p.depth++
		for _, b := range s.Bindings {
			if b == nil {
				p.errorf("nil type-bound procedure statement")
				continue
			}
			p.stmt(b)
		}
	}
	p.depth--
	p.end(&s.End, "type", s.Name)
}

// typeBound writes a type-bound PROCEDURE, GENERIC or FINAL statement:
// "procedure(iface), deferred :: f", "procedure, pass(self) :: area =>
// circle_area", "generic :: operator(+) => add", "final :: cleanup".
// The "::" is always written.
func (p *printer) typeBound(s *ast.TypeBoundProc) {
	kw := strings.ToLower(s.Keyword)
	switch kw {
	case "procedure", "generic", "final":
		p.str(kw)
	default:
		p.errorf("unknown type-bound procedure keyword %q", s.Keyword)
		return
	}
	if s.Interface != nil {
		if kw != "procedure" {
			p.errorf("%s statement with an interface name", kw)
		}
		p.byte('(')
		p.ident(s.Interface)
		p.byte(')')
	}
	for _, a := range s.Attrs {
		p.comma()
		p.keyword(a)
	}
	p.str(" :: ")
	p.brk()
	if len(s.Bindings) == 0 {
		p.errorf("%s statement without bindings", kw)
	}
	for i, b := range s.Bindings {
		if i > 0 {
			p.comma()
		}
		if b == nil {
			p.errorf("nil binding")
			continue
		}
		switch {
		case b.Generic != nil:
			if kw != "generic" {
				p.errorf("generic spec in a %s statement", kw)
			}
			p.genericSpec(b.Generic)
		default:
			p.ident(b.Name)
		}
		switch {
		case len(b.Targets) == 0:
			if kw == "generic" {
				p.errorf("GENERIC binding without procedures")
			}
		case kw == "final":
			p.errorf("FINAL binding with targets")
		case kw == "procedure" && len(b.Targets) > 1:
			p.errorf("PROCEDURE binding with %d targets", len(b.Targets))
		default:
			p.str(" => ")
			for j, t := range b.Targets {
				if j > 0 {
					p.comma()
				}
				p.ident(t)
			}
		}
	}
	if kw == "generic" && len(s.Bindings) > 1 {
		p.errorf("GENERIC statement with %d bindings", len(s.Bindings))
	}
}

func (p *printer) blockConstruct(s *ast.BlockConstruct) {
	if s == nil {
		p.errorf("nil *ast.BlockConstruct")
		return
	}
	p.docs(&s.StmtHeader)
	p.constructName(s.Name)
	p.str("block")
	p.flush(s.Label, s.Line)
	p.depth++
	p.stmts(s.Decls)
	p.stmts(s.Body)
	p.depth--
	p.end(&s.End, "block", s.Name)
}

func (p *printer) associateConstruct(s *ast.AssociateConstruct) {
	if s == nil {
		p.errorf("nil *ast.AssociateConstruct")
		return
	}
	p.docs(&s.StmtHeader)
	p.constructName(s.Name)
	p.str("associate (")
	if len(s.Assocs) == 0 {
		p.errorf("ASSOCIATE without associations")
	}
	for i, a := range s.Assocs {
		if i > 0 {
			p.comma()
		}
		if a == nil {
			p.errorf("nil association")
			continue
		}
		p.ident(a.Name)
		p.str(" => ")
		p.expr(a.Selector)
	}
	p.byte(')')
	p.flush(s.Label, s.Line)
	p.block(s.Body)
	p.end(&s.End, "associate", s.Name)
}

// simple writes the text of a statement that holds no block into p.line.
func (p *printer) simple(s ast.Stmt) {
	switch s := s.(type) {
	case *ast.AssignStmt:
		p.expr(s.Lhs)
		p.str(" = ")
		p.expr(s.Rhs)
	case *ast.PointerAssignStmt:
		p.expr(s.Lhs)
		p.str(" => ")
		p.expr(s.Rhs)
	case *ast.CallStmt:
		p.str("call ")
		p.designator(s.Name)
		if s.Parens || len(s.Args) > 0 {
			p.byte('(')
			p.exprList(s.Args)
			p.byte(')')
		}
	case *ast.IfStmt:
		p.str("if (")
		p.expr(s.Cond)
		p.str(") ")
		switch a := s.Action.(type) {
		case nil:
			p.errorf("logical IF without action")
		case *ast.IfStmt, *ast.IfConstruct, *ast.DoConstruct, *ast.SelectCase, *ast.SelectType, *ast.WhereConstruct,
			*ast.ForallConstruct, *ast.BlockConstruct, *ast.AssociateConstruct, *ast.InterfaceBlock,
			*ast.TypeDef, *ast.TypeBoundProc, *ast.Unit, *ast.EndStmt:
			p.errorf("cannot print %T as the action of a logical IF", a)
		default:
			p.simple(a)
		}
	case *ast.ArithIfStmt:
		p.str("if (")
		p.expr(s.Expr)
		p.str(") ")
		p.labelRef(s.Neg)
		p.comma()
		p.labelRef(s.Zero)
		p.comma()
		p.labelRef(s.Plus)
	case *ast.ExitStmt:
		p.str("exit")
		p.trailingName(s.Construct)
	case *ast.CycleStmt:
		p.str("cycle")
		p.trailingName(s.Construct)
	case *ast.GotoStmt:
		p.str("go to ")
		p.labelRef(s.Target)
	case *ast.LabelAssignStmt:
		p.str("assign ")
		p.labelRef(s.Target)
		p.str(" to ")
		p.ident(s.Var)
	case *ast.AssignedGotoStmt:
		p.str("go to ")
		p.ident(s.Var)
		if s.Targets != nil {
			p.str(" (")
			for i, l := range s.Targets {
				if i > 0 {
					p.comma()
				}
				p.labelRef(l)
			}
			p.str(")")
		}
	case *ast.ComputedGotoStmt:
		p.str("go to (")
		for i, l := range s.Targets {
			if i > 0 {
				p.comma()
			}
			p.labelRef(l)
		}
		p.str(")")
		p.comma()
		p.expr(s.Expr)
	case *ast.ContinueStmt:
		p.str("continue")
	case *ast.EntryStmt:
		p.entry(s) // entry.go
	case *ast.ReturnStmt:
		p.str("return")
		if s.Alt != nil {
			p.byte(' ')
			p.expr(s.Alt)
		}
	case *ast.StopStmt:
		if s.Error {
			p.str("error ")
		}
		p.str("stop")
		if s.Code != nil {
			p.byte(' ')
			p.expr(s.Code)
		}
	case *ast.IOStmt:
		p.ioStmt(s)
	case *ast.AllocateStmt:
		p.allocate(s)
	case *ast.WhereStmt:
		p.str("where (")
		p.expr(s.Mask)
		p.str(") ")
		if s.Assign == nil {
			p.errorf("WHERE statement without assignment")
			return
		}
		p.simple(s.Assign)
	case *ast.ForallStmt:
		p.str("forall (")
		p.forallSpecs(s.Specs, s.Mask)
		p.str(") ")
		switch a := s.Assign.(type) {
		case *ast.AssignStmt, *ast.PointerAssignStmt:
			p.simple(a)
		default:
			p.errorf("cannot print %T as the statement of a FORALL", a)
		}
	case *ast.TypeBoundProc:
		p.typeBound(s)
	case *ast.ProcComponent:
		p.procComponent(s)
	case *ast.UseStmt:
		p.useStmt(s)
	case *ast.ImplicitStmt:
		p.implicit(s)
	case *ast.TypeDecl:
		p.typeDecl(s)
	case *ast.AttrStmt:
		p.attrStmt(s)
	case *ast.ProcDecl:
		p.procDecl(s)
	case *ast.ImportStmt:
		p.str("import")
		if len(s.Names) > 0 {
			p.str(" :: ")
			p.brk()
			for i, n := range s.Names {
				if i > 0 {
					p.comma()
				}
				p.ident(n)
			}
		}
	case *ast.ParameterStmt:
		p.str("parameter (")
		p.entities(s.Entities)
		p.byte(')')
	case *ast.CommonStmt:
		p.str("common ")
		p.blocks(s.Blocks, true)
	case *ast.NamelistStmt:
		p.str("namelist ")
		p.blocks(s.Groups, false)
	case *ast.DataStmt:
		p.dataStmt(s)
	case *ast.EquivalenceStmt:
		p.str("equivalence ")
		for i, set := range s.Sets {
			if i > 0 {
				p.comma()
			}
			p.byte('(')
			p.exprList(set)
			p.byte(')')
		}
		if len(s.Sets) == 0 {
			p.errorf("EQUIVALENCE without sets")
		}
	case *ast.StmtFunction:
		p.ident(s.Name)
		p.byte('(')
		for i, a := range s.Args {
			if i > 0 {
				p.comma()
			}
			p.ident(a)
		}
		p.str(") = ")
		p.expr(s.Expr)
	case *ast.FormatStmt:
		p.formatStmt(s)
	case *ast.ProcedureStmt:
		if s.Module {
			p.str("module ")
		}
		p.str("procedure ")
		for i, n := range s.Names {
			if i > 0 {
				p.comma()
			}
			p.ident(n)
		}
	case *ast.EndStmt:
		p.str("end")
		if s.Keyword != "" {
			p.byte(' ')
			p.lower(s.Keyword)
		}
		p.trailingName(s.Name)
	default:
		p.bad("statement", s)
	}
}

func (p *printer) labelRef(l *ast.LabelRef) {
	if l == nil {
		p.errorf("missing label")
		return
	}
	p.itoa(l.Label)
}

func (p *printer) ioStmt(s *ast.IOStmt) {
	if s.Keyword == "" {
		p.errorf("I/O statement without keyword")
	}
	p.lower(s.Keyword)
	switch {
	case s.Parens:
		p.byte('(')
		p.exprList(s.Control)
		p.byte(')')
	case len(s.Control) > 0:
		p.byte(' ')
		p.exprList(s.Control)
		if s.Format != nil {
			p.errorf("I/O statement with both control list and format")
		}
	}
	if s.Format != nil {
		p.byte(' ')
		p.expr(s.Format)
		if len(s.Items) > 0 {
			p.comma()
		}
	} else if len(s.Items) > 0 {
		p.byte(' ')
	}
	p.exprList(s.Items)
}

func (p *printer) allocate(s *ast.AllocateStmt) {
	switch s.Keyword {
	case "allocate", "deallocate", "nullify":
		p.str(s.Keyword)
	default:
		if k := strings.ToLower(s.Keyword); k == "allocate" || k == "deallocate" || k == "nullify" {
			p.str(k)
		} else {
			p.errorf("unknown allocation keyword %q", s.Keyword)
		}
	}
	p.byte('(')
	if s.Type != nil {
		p.typeSpec(s.Type, true)
		p.str(" :: ")
		p.brk()
	}
	p.exprList(s.Objects)
	for _, o := range s.Options {
		p.comma()
		p.expr(o)
	}
	p.byte(')')
}

func (p *printer) useStmt(s *ast.UseStmt) {
	p.str("use")
	if s.Nature != "" {
		p.str(", ")
		p.lower(s.Nature)
		p.str(" ::")
	}
	p.byte(' ')
	p.ident(s.Module)
	if s.Only {
		p.str(", only:")
		if len(s.Items) > 0 {
			p.byte(' ')
		}
	} else if len(s.Items) > 0 {
		p.comma()
	}
	for i, it := range s.Items {
		if i > 0 {
			p.comma()
		}
		if it == nil {
			p.errorf("nil USE item")
			continue
		}
		if it.Local != nil {
			p.ident(it.Local)
			p.str(" => ")
		} else if !s.Only {
			p.errorf("USE rename without local name")
		}
		p.ident(it.Name)
	}
}

func (p *printer) implicit(s *ast.ImplicitStmt) {
	p.str("implicit ")
	if s.None {
		p.str("none")
		return
	}
	if len(s.Rules) == 0 {
		p.errorf("IMPLICIT without rules")
	}
	for i, r := range s.Rules {
		if i > 0 {
			p.comma()
		}
		if r == nil {
			p.errorf("nil IMPLICIT rule")
			continue
		}
		p.typeSpec(r.Type, false)
		p.str(" (")
		for j, lr := range r.Ranges {
			if j > 0 {
				p.str(", ")
			}
			p.byte(lower(lr.From))
			if lr.To != 0 && lr.To != lr.From {
				p.byte('-')
				p.byte(lower(lr.To))
			}
		}
		p.byte(')')
	}
}

func lower(c byte) byte {
	if 'A' <= c && c <= 'Z' {
		return c + 'a' - 'A'
	}
	return c
}

func (p *printer) typeDecl(s *ast.TypeDecl) {
	p.typeSpec(s.Type, false)
	for _, a := range s.Attrs {
		p.comma()
		p.attr(a)
	}
	p.str(" :: ")
	p.brk()
	if len(s.Entities) == 0 {
		p.errorf("type declaration without entities")
	}
	p.entities(s.Entities)
}

func (p *printer) procDecl(s *ast.ProcDecl) {
	p.str("procedure(")
	if s.Interface != nil {
		p.ident(s.Interface)
	}
	p.byte(')')
	for _, a := range s.Attrs {
		p.comma()
		p.attr(a)
	}
	p.str(" :: ")
	p.brk()
	p.entities(s.Entities)
}

// procComponent writes a procedure pointer component:
// "procedure(iface), pointer, nopass :: f => null()".
func (p *printer) procComponent(s *ast.ProcComponent) {
	p.str("procedure(")
	if s.Interface != nil {
		p.ident(s.Interface)
	}
	p.byte(')')
	for _, a := range s.Attrs {
		p.comma()
		p.str(a.Name)
	}
	p.str(" :: ")
	p.brk()
	p.entities(s.Entities)
}

func (p *printer) attrStmt(s *ast.AttrStmt) {
	if s.Attr == nil {
		p.errorf("attribute statement without attribute")
		return
	}
	if s.Attr.Kind == ast.AttrParameter {
		p.str("parameter (")
		p.entities(s.Entities)
		p.byte(')')
		return
	}
	p.attr(s.Attr)
	if len(s.Entities) > 0 {
		p.str(" :: ")
		p.brk()
		p.entities(s.Entities)
	}
}

func (p *printer) attr(a *ast.Attr) {
	if a == nil {
		p.errorf("nil attribute")
		return
	}
	if a.Kind < ast.AttrDimension || a.Kind > ast.AttrBind {
		p.errorf("unknown attribute %d", int(a.Kind))
		return
	}
	switch a.Kind {
	case ast.AttrDimension:
		p.str("dimension")
		if len(a.Dims) > 0 {
			p.dims(a.Dims)
		}
	case ast.AttrIntent:
		p.str("intent(")
		if a.Intent <= ast.IntentNone || a.Intent > ast.IntentInOut {
			p.errorf("intent attribute without intent")
		} else {
			p.str(a.Intent.String())
		}
		p.byte(')')
	case ast.AttrBind:
		p.bind(a.Bind)
	default:
		p.str(a.Kind.String())
	}
}

func (p *printer) dims(dims []*ast.Dim) {
	p.byte('(')
	for i, d := range dims {
		if i > 0 {
			p.comma()
		}
		if d == nil {
			p.errorf("nil dimension")
			continue
		}
		if d.Lo != nil {
			p.expr(d.Lo)
		}
		if d.Colon || d.Lo != nil {
			p.byte(':')
		}
		if d.Hi != nil {
			p.expr(d.Hi)
		} else if !d.Colon && d.Lo == nil {
			p.errorf("empty dimension")
		}
	}
	p.byte(')')
}

func (p *printer) entities(list []*ast.Entity) {
	for i, e := range list {
		if i > 0 {
			p.comma()
		}
		p.entity(e)
	}
}

func (p *printer) entity(e *ast.Entity) {
	if e == nil {
		p.errorf("nil entity")
		return
	}
	p.ident(e.Name)
	if len(e.Dims) > 0 {
		p.dims(e.Dims)
	}
	if e.CharLen != nil {
		p.starLen(e.CharLen)
	}
	if e.Init != nil {
		if e.Pointer {
			p.str(" => ")
		} else {
			p.str(" = ")
		}
		p.expr(e.Init)
	}
}

// starLen writes the *len of real*8, character*10, character*(*), c*(n).
func (p *printer) starLen(x ast.Expr) {
	p.byte('*')
	switch x := x.(type) {
	case *ast.BasicLit:
		if x.Kind == token.INT && x.Value != "" && isDigits(x.Value) {
			p.str(x.Value)
			return
		}
	case *ast.StarExpr:
		if x.Label == 0 {
			p.str("(*)")
			return
		}
	case *ast.ColonLen:
		p.str("(:)")
		return
	case *ast.ParenExpr:
		p.expr(x)
		return
	}
	p.byte('(')
	p.expr(x)
	p.byte(')')
}

func isDigits(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

// typeSpec writes a declaration type. bare is for the type-spec of
// ALLOCATE and array constructors, where a derived type is its bare name.
func (p *printer) typeSpec(t *ast.TypeSpec, bare bool) {
	if t == nil {
		p.errorf("missing type")
		return
	}
	if t.Kind < ast.Integer || t.Kind > ast.Class {
		p.errorf("unknown type kind %d", int(t.Kind))
		return
	}
	switch t.Kind {
	case ast.Derived, ast.Class:
		if bare && t.Kind == ast.Derived {
			p.ident(t.Name)
			return
		}
		p.str(t.Kind.String())
		p.byte('(')
		if t.Name == nil {
			if t.Kind != ast.Class {
				p.errorf("derived type without name")
			}
			p.byte('*')
		} else {
			p.ident(t.Name)
		}
		p.byte(')')
		return
	}
	p.str(t.Kind.String())
	if t.Star != nil {
		p.starLen(t.Star)
	}
	if t.Kind == ast.Character && t.Len != nil {
		p.byte('(')
		if t.LenKeyword {
			p.str("len=")
		}
		p.charLen(t.Len)
		if t.KindSel != nil {
			p.str(", ")
			if t.KindKeyword || t.LenKeyword {
				p.str("kind=")
			}
			p.expr(t.KindSel)
		}
		p.byte(')')
		return
	}
	if t.KindSel != nil {
		p.byte('(')
		// character(ck) would be a length: the keyword is required.
		if t.KindKeyword || t.Kind == ast.Character {
			p.str("kind=")
		}
		p.expr(t.KindSel)
		p.byte(')')
	}
}

func (p *printer) charLen(x ast.Expr) {
	switch x := x.(type) {
	case *ast.StarExpr:
		if x != nil && x.Label == 0 {
			p.byte('*')
			return
		}
	case *ast.ColonLen:
		p.byte(':')
		return
	}
	p.expr(x)
}

func (p *printer) blocks(list []*ast.CommonBlock, common bool) {
	if len(list) == 0 {
		p.errorf("COMMON or NAMELIST without blocks")
	}
	for i, b := range list {
		if b == nil {
			p.errorf("nil common block")
			continue
		}
		if i > 0 {
			p.comma()
		}
		switch {
		case b.Name != nil:
			p.byte('/')
			p.ident(b.Name)
			p.str("/ ")
		case !common:
			p.errorf("namelist group without name")
		case i > 0:
			p.str("// ")
		}
		p.entities(b.Entities)
	}
}

func (p *printer) dataStmt(s *ast.DataStmt) {
	p.str("data ")
	if len(s.Sets) == 0 {
		p.errorf("DATA without sets")
	}
	for i, set := range s.Sets {
		if i > 0 {
			p.comma()
		}
		if set == nil {
			p.errorf("nil DATA set")
			continue
		}
		p.exprList(set.Objects)
		p.str(" /")
		for j, v := range set.Values {
			if j > 0 {
				p.comma()
			}
			if v == nil {
				p.errorf("nil DATA value")
				continue
			}
			if v.Repeat != nil {
				p.expr(v.Repeat)
				p.byte('*')
			}
			p.expr(v.Value)
		}
		p.byte('/')
	}
}

func (p *printer) formatStmt(s *ast.FormatStmt) {
	p.str("format")
	spec := strings.TrimSpace(s.Spec)
	wrap := !strings.HasPrefix(spec, "(") || !strings.HasSuffix(spec, ")")
	if wrap {
		p.byte('(')
	}
	// The specification is copied as written, except that runs of
	// blanks outside character strings and Hollerith descriptors
	// (5Hhello), where blanks mean nothing, become one blank. Breaks go
	// after commas; strings may be split.
	for i := 0; i < len(spec); {
		c := spec[i]
		switch {
		case c == '\'' || c == '"':
			j := i + 1
			for j < len(spec) {
				if spec[j] == c {
					if j+1 < len(spec) && spec[j+1] == c {
						j += 2
						continue
					}
					break
				}
				j++
			}
			end := j + 1
			if end > len(spec) {
				end = len(spec)
			}
			p.strs = append(p.strs, span{len(p.line), len(p.line) + end - i})
			p.str(spec[i:end])
			i = end
		case c == ',':
			p.byte(c)
			i++
			p.brk()
		case c == ' ' || c == '\t':
			for i < len(spec) && (spec[i] == ' ' || spec[i] == '\t') {
				i++
			}
			p.byte(' ')
		case '0' <= c && c <= '9' && (i == 0 || !isAlnum(spec[i-1]) && spec[i-1] != '.'):
			j := i
			for j < len(spec) && '0' <= spec[j] && spec[j] <= '9' {
				j++
			}
			if j < len(spec) && (spec[j] == 'h' || spec[j] == 'H') {
				n, _ := strconv.Atoi(spec[i:j])
				j += 1 + n
				if j > len(spec) || n < 0 {
					j = len(spec)
				}
			}
			p.str(spec[i:j])
			i = j
		default:
			p.byte(c)
			i++
		}
	}
	if wrap {
		p.byte(')')
	}
}

func isAlnum(c byte) bool {
	return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '_'
}

// ----------------------------------------------------------------------------
// Expressions

// Precedence levels; see token.Kind.Precedence. primPrec is a primary.
const (
	defUnaryPrec = 12
	primPrec     = 13
)

func prec(x ast.Expr) int {
	switch x := x.(type) {
	case *ast.BinaryExpr:
		if x == nil {
			return primPrec
		}
		if pr := x.Op.Precedence(); pr != token.LowestPrec {
			return pr
		}
		return 1
	case *ast.UnaryExpr:
		if x == nil {
			return primPrec
		}
		switch x.Op {
		case token.NOT:
			return token.NotPrec
		case token.PLUS, token.MINUS:
			return token.UnaryPrec
		}
		return defUnaryPrec
	case *ast.BasicLit:
		// A signed literal built by a program acts like a unary minus.
		if x != nil && x.Value != "" && (x.Value[0] == '-' || x.Value[0] == '+') {
			return token.UnaryPrec
		}
	}
	return primPrec
}

func (p *printer) exprList(list []ast.Expr) {
	for i, x := range list {
		if i > 0 {
			p.comma()
		}
		p.expr(x)
	}
}

func (p *printer) paren(x ast.Expr, need bool) {
	if need {
		p.byte('(')
		p.expr(x)
		p.byte(')')
	} else {
		p.expr(x)
	}
}

func opString(op token.Kind, lit string) string {
	if lit != "" {
		return lit
	}
	if op == token.DEFOP || !op.IsOperator() {
		return ""
	}
	return op.String()
}

// designator writes x where a name, component or element must stand
// (before "(" or "%"), adding parentheses to anything else.
func (p *printer) designator(x ast.Expr) {
	switch x := x.(type) {
	case *ast.Ident, *ast.SelectorExpr, *ast.CallExpr, *ast.ParenExpr:
		p.expr(x)
	case *ast.BasicLit:
		// 'abcdef'(2:3): a substring of a constant
		p.paren(x, x == nil || x.Kind != token.STRING)
	default:
		p.paren(x, true)
	}
}

func (p *printer) expr(x ast.Expr) {
	switch x := x.(type) {
	case nil:
		p.bad("expression", x)
	case *ast.Ident:
		p.ident(x)
	case *ast.BasicLit:
		if x == nil || x.Value == "" {
			p.bad("literal", x)
			return
		}
		if x.Kind == token.STRING {
			if q := strings.IndexAny(x.Value, `'"`); q >= 0 {
				p.strs = append(p.strs, span{len(p.line) + q, len(p.line) + len(x.Value)})
			}
		}
		p.str(x.Value)
	case *ast.ComplexLit:
		if x == nil {
			p.bad("complex literal", x)
			return
		}
		p.byte('(')
		p.expr(x.Re)
		p.comma()
		p.expr(x.Im)
		p.byte(')')
	case *ast.UnaryExpr:
		if x == nil {
			p.bad("unary expression", x)
			return
		}
		op := opString(x.Op, x.OpLit)
		if op == "" {
			p.bad("unary operator", x.Op)
		}
		p.str(op)
		var need bool
		switch x.Op {
		case token.PLUS, token.MINUS:
			need = prec(x.X) <= token.UnaryPrec
		case token.NOT:
			p.byte(' ')
			need = prec(x.X) <= token.NotPrec
		default:
			p.byte(' ')
			need = prec(x.X) < primPrec
		}
		p.paren(x.X, need)
	case *ast.BinaryExpr:
		if x == nil {
			p.bad("binary expression", x)
			return
		}
		p.binary(x)
	case *ast.ParenExpr:
		if x == nil {
			p.bad("parenthesised expression", x)
			return
		}
		p.byte('(')
		p.expr(x.X)
		p.byte(')')
	case *ast.CallExpr:
		if x == nil {
			p.bad("call", x)
			return
		}
		p.designator(x.Fun)
		p.byte('(')
		p.exprList(x.Args)
		p.byte(')')
	case *ast.RangeExpr:
		if x == nil {
			p.bad("range", x)
			return
		}
		if x.Lo != nil {
			p.expr(x.Lo)
		}
		p.byte(':')
		if x.Hi != nil {
			p.expr(x.Hi)
		}
		if x.Stride != nil {
			p.byte(':')
			p.expr(x.Stride)
		}
	case *ast.KeywordArg:
		if x == nil {
			p.bad("keyword argument", x)
			return
		}
		p.ident(x.Name)
		p.byte('=')
		p.expr(x.Value)
	case *ast.SelectorExpr:
		if x == nil {
			p.bad("component", x)
			return
		}
		p.designator(x.X)
		p.byte('%')
		p.ident(x.Sel)
	case *ast.ArrayConstructor:
		if x == nil {
			p.bad("array constructor", x)
			return
		}
		if x.Brackets {
			p.byte('[')
		} else {
			p.str("(/ ")
		}
		if x.Type != nil {
			p.typeSpec(x.Type, true)
			p.str(" ::")
			if len(x.Items) > 0 {
				p.byte(' ')
				p.brk()
			}
		}
		p.exprList(x.Items)
		if x.Brackets {
			p.byte(']')
		} else {
			if x.Type != nil || len(x.Items) > 0 {
				p.byte(' ')
			}
			p.str("/)")
		}
	case *ast.ImpliedDo:
		if x == nil {
			p.bad("implied DO", x)
			return
		}
		p.byte('(')
		p.exprList(x.Items)
		if len(x.Items) == 0 {
			p.errorf("implied DO without items")
		}
		p.comma()
		p.ident(x.Var)
		p.str(" = ")
		p.expr(x.Start)
		p.comma()
		p.expr(x.Stop)
		if x.Step != nil {
			p.comma()
			p.expr(x.Step)
		}
		p.byte(')')
	case *ast.StarExpr:
		if x == nil {
			p.bad("star", x)
			return
		}
		p.byte('*')
		if x.Label != 0 {
			p.itoa(x.Label)
		}
	case *ast.LabelRef:
		if x == nil {
			p.bad("label", x)
			return
		}
		p.itoa(x.Label)
	case *ast.ColonLen:
		p.byte(':')
	default:
		p.bad("expression", x)
	}
}

func isRelational(op token.Kind) bool {
	return op.Precedence() == 6
}

func (p *printer) binary(x *ast.BinaryExpr) {
	if !validBinary(x) {
		p.bad("binary operator", x.Op)
		return
	}
	// A left operand printed without parentheses is printed by the loop
	// below rather than by recursion: x1+x2+...+xn is a left-deep tree
	// as deep as the statement is long.
	spine := []*ast.BinaryExpr{x}
	for {
		top := spine[len(spine)-1]
		l, ok := top.X.(*ast.BinaryExpr)
		if !ok || l == nil || !validBinary(l) || leftParens(top) {
			break
		}
		spine = append(spine, l)
	}
	inner := spine[len(spine)-1]
	p.paren(inner.X, leftParens(inner))
	for i := len(spine) - 1; i >= 0; i-- {
		b := spine[i]
		op := opString(b.Op, b.OpLit)
		switch b.Op {
		case token.POW, token.STAR, token.SLASH:
			p.str(op)
			p.weakBrk()
		default:
			p.byte(' ')
			p.str(op)
			p.byte(' ')
			p.brk()
		}
		// Right operand: lower or the same precedence, except for the
		// right-associative **. A unary minus (precedence of +) gets
		// parentheses after +, -, *, / and **.
		pr, rp := prec(b), prec(b.Y)
		p.paren(b.Y, rp < pr || rp == pr && b.Op != token.POW)
	}
}

// validBinary reports whether x's operator can be printed.
func validBinary(x *ast.BinaryExpr) bool {
	return opString(x.Op, x.OpLit) != "" && !(x.Op.Precedence() == token.LowestPrec && x.Op != token.DEFOP)
}

// leftParens reports whether x's left operand needs parentheses: lower
// precedence, or the same precedence for the right-associative ** and the
// non-associative relational operators.
func leftParens(x *ast.BinaryExpr) bool {
	pr, lp := prec(x), prec(x.X)
	return lp < pr || lp == pr && (x.Op == token.POW || isRelational(x.Op))
}
