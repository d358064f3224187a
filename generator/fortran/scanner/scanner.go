// Package scanner turns Fortran source, fixed or free form, into logical
// statements: each a label, a list of tokens with continuation lines
// joined, and the comments around it.
//
// # Source forms
//
// Free form: "!" starts a comment outside character literals; "&" as the
// last non-blank character (before an optional comment) continues the
// statement on the next non-comment line, where an optional leading "&"
// marks where the text resumes (inside a character literal, text resumes
// at column 1 when that "&" is missing). Without a leading "&" the line
// break separates tokens, as with gfortran. ";" separates statements; a
// label is a number of 1 to 5 digits at the start of a statement.
//
// Fixed form: "c", "C", "*" or "!" in column 1, a line whose first
// non-blank character is a "!" (not in column 6) and an all-blank line are
// comment lines. Columns 1-5 hold the label, a character other than blank
// or "0" in column 6 marks a continuation line, columns 7-72 hold the
// statement and anything past column 72 is ignored (Config.FixedLineLength
// changes the limit). A TAB in columns 1-6 ends the label field and the
// text starts right after it, at column 7, unless the character after the
// TAB is a digit 1-9: then the line is a continuation line whose text
// starts after that digit (the DEC convention, as in gfortran). Following
// gfortran, a character literal continued onto the next line is padded
// with blanks up to column 72 before the text of the continuation line
// (from column 7) is joined to it. Outside character literals continuation
// lines are joined without a separator, so a name may be split across
// lines.
//
// Fixed-form blank insignificance is NOT implemented: blanks separate
// tokens in both forms, so DO10I=1,10 scans as the name DO10I, but
// "DO 10 I = 1, 10", "GO TO" and "GOTO", "END DO" and "ENDDO" all scan to
// the tokens the parser expects (keywords written with or without blanks
// are the parser's business). Hollerith constants (5HHELLO) are recognised
// only inside FORMAT statements.
//
// # Tokens
//
// Keywords scan as IDENT. "::" always scans as DCOLON, also in an array
// section such as a(::2); "(/" and "/)" are never combined: an array
// constructor is LPAREN SLASH ... SLASH RPAREN. A FORMAT statement scans
// as IDENT "format" followed by one FORMAT token holding the parenthesised
// format specification as written. Token.Lit is always the spelling as
// written (for tokens split over continuation lines, the joined text).
// Comments are stored with a leading "!" in place of a fixed-form "c", "C"
// or "*", and without trailing blanks.
//
// # Preprocessor
//
// Lines with "#" in column 1 are preprocessor directives, in both forms:
// #define (object-like and function-like macros: cpp_func.go), #undef,
// #ifdef, #ifndef, #if, #elif,
// #else, #endif, #include and #error. #if expressions are made of integer
// constants, defined(NAME), defined NAME, names (the value of a macro, 0
// if undefined), parentheses and the operators ! ~ * / % + - << >> < <=
// > >= == != & ^ | && ||. Macros are substituted for IDENT tokens of the
// same (case-sensitive) name, expanded again as cpp does, except
// recursively. The Fortran INCLUDE line and #include are resolved through
// Config.Include; the statements of the included file are spliced in
// place.
package scanner

import (
	"bytes"
	"fmt"
	"sort"
	"strings"

	"github.com/fadj-dev/fadj/generator/diag"
	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/fortran/token"
	"github.com/fadj-dev/fadj/generator/source"
)

// Config says how to scan a file.
type Config struct {
	Form ast.SourceForm
	// Defines are the preprocessor names defined before the first line,
	// as with cpp -DNAME=VALUE (VALUE "" for -DNAME). As with cpp, -DNAME
	// defines NAME as 1.
	Defines map[string]string
	// Include resolves the file named by an INCLUDE line or #include
	// directive found in the file at pos. It returns the file's path (as
	// it is to appear in diagnostics) and contents. If Include is nil,
	// includes are reported as errors.
	Include func(name string, pos source.Position) (path string, src []byte, err error)
	// FileSet receives included files; required when Include is set.
	FileSet *source.FileSet
	// FixedLineLength is the last column of statement text in fixed
	// form: 0 means 72 (the standard, and gfortran's default); a
	// negative value means lines have no length limit.
	FixedLineLength int
}

// Statement is one logical statement.
type Statement struct {
	Label    int        // 0 if none
	LabelPos source.Pos // position of the label
	Toks     []token.Token
	// End is the position just after the last token, for diagnostics
	// such as "expected ')' at end of statement".
	End source.Pos
	// Doc holds the comment lines between the previous statement and
	// this one, and comments written on continuation lines inside it.
	Doc []*ast.Comment
	// BlankBefore: a blank line came before this statement or its Doc.
	BlankBefore bool
	// Line is a "!" comment after the statement on its last line.
	Line *ast.Comment
}

// Result is a scanned file.
type Result struct {
	Stmts []*Statement
	// Trailing comments after the last statement.
	Trailing []*ast.Comment
}

// MaxIncludeDepth is how deeply INCLUDE lines and #include directives may
// nest; deeper includes are reported as errors (they are most likely a
// cycle).
const MaxIncludeDepth = 20

// maxIncludes bounds the number of files included in one Scan, which
// could otherwise grow exponentially with the depth.
const maxIncludes = 10000

// Scan scans src, the contents of file, and reports problems to errs.
// It never panics; after an error it resumes at the next line.
func Scan(file *source.File, src []byte, cfg Config, errs *diag.List) (res *Result) {
	if errs == nil {
		errs = new(diag.List)
	}
	if file == nil {
		file = source.NewFileSet().AddFile("", src)
	}
	sh := &shared{cfg: &cfg, errs: errs, res: &Result{}}
	sh.lineLen = cfg.FixedLineLength
	switch {
	case sh.lineLen == 0:
		sh.lineLen = 72
	case sh.lineLen > 1<<20:
		sh.lineLen = 1 << 20
	}
	est := len(src)/32 + 16
	sh.res.Stmts = make([]*Statement, 0, est)
	sh.toks = make([]token.Token, 0, len(src)/5+64)
	sh.tokChunk = len(src)/20 + 256

	defer func() {
		if r := recover(); r != nil {
			errs.Add(source.Position{Filename: file.Name()}, fmt.Sprintf("internal error in scanner: %v", r))
			res = sh.res
		}
	}()

	if len(cfg.Defines) > 0 {
		names := make([]string, 0, len(cfg.Defines))
		for name := range cfg.Defines {
			names = append(names, name)
		}
		sort.Strings(names)
		for _, name := range names {
			value := cfg.Defines[name]
			if value == "" {
				value = "1"
			}
			sh.defineFromConfig(file, name, value)
		}
	}

	s := newScanner(sh, file, src, 0)
	s.run()
	sh.res.Trailing = sh.pendDoc
	sh.pendDoc = nil
	return sh.res
}

// shared is the state common to a file and the files it includes.
type shared struct {
	cfg     *Config
	errs    *diag.List
	res     *Result
	lineLen int // fixed-form statement text ends at this column (<0: no limit)

	defines map[string]*macro
	hide    []string // macros being expanded
	tooBig  bool     // "macro expansion too large" was reported for this statement
	// fnPending: the statement names a function-like macro (cpp_func.go)
	fnPending bool

	nIncludes int // files included so far

	// comments and blank lines waiting for the next statement
	pendDoc   []*ast.Comment
	pendBlank bool

	// allocation slabs
	toks     []token.Token // tokens; those from tokStart on belong to the statement being built
	tokStart int
	tokChunk int
	stmts    []Statement
	cmts     []ast.Comment
}

func (sh *shared) newStmt() *Statement {
	if len(sh.stmts) == cap(sh.stmts) {
		n := cap(sh.stmts) * 2
		if n < 64 {
			n = 64
		}
		if n > 4096 {
			n = 4096
		}
		sh.stmts = make([]Statement, 0, n)
	}
	sh.stmts = sh.stmts[:len(sh.stmts)+1]
	st := &sh.stmts[len(sh.stmts)-1]
	sh.res.Stmts = append(sh.res.Stmts, st)
	return st
}

func (sh *shared) newComment(pos source.Pos, text string) *ast.Comment {
	if len(sh.cmts) == cap(sh.cmts) {
		n := cap(sh.cmts) * 2
		if n < 32 {
			n = 32
		}
		if n > 2048 {
			n = 2048
		}
		sh.cmts = make([]ast.Comment, 0, n)
	}
	sh.cmts = sh.cmts[:len(sh.cmts)+1]
	c := &sh.cmts[len(sh.cmts)-1]
	c.Slash = pos
	c.Text = text
	return c
}

func (sh *shared) appendTok(kind token.Kind, pos source.Pos, lit string) {
	if len(sh.toks) == cap(sh.toks) {
		cur := sh.toks[sh.tokStart:]
		n := sh.tokChunk
		if n < 2*len(cur)+64 {
			n = 2*len(cur) + 64
		}
		toks := make([]token.Token, len(cur), n)
		copy(toks, cur)
		sh.toks = toks
		sh.tokStart = 0
	}
	sh.toks = append(sh.toks, token.Token{Kind: kind, Pos: pos, Lit: lit})
}

// seg is a piece of a logical statement's text: n bytes of the source
// from offset s, or n blanks (synth) standing at offset s.
type seg struct {
	b     int // offset in the joined text
	s     int // offset in the source
	n     int
	synth bool
}

// cond is an open #if, #ifdef or #ifndef.
type cond struct {
	off     int    // offset of the '#'
	name    string // "if", "ifdef" or "ifndef"
	active  bool   // lines of the current branch are scanned
	taken   bool   // a branch was taken already (or the enclosing one is inactive)
	sawElse bool
}

// scanner scans one file.
type scanner struct {
	*shared
	file  *source.File
	src   []byte
	str   string // string(src): token Lits are substrings of it
	fixed bool
	depth int // include depth

	conds    []cond
	skipping bool // in an inactive #if branch

	// the logical statement being collected
	open      bool
	segs      []seg
	stmtDoc   []*ast.Comment
	stmtBlank bool
	lineCmt   *ast.Comment // fixed form: comment after the last line so far
	label     int
	labelOff  int  // -1: no label
	quote     byte // quote of a character literal continued to the next line
	ampOff    int  // free form: offset of the '&' that continues the statement
	// fixed form: comment and blank lines after the open statement; they
	// belong to it if a continuation line follows, else to the next one
	tentDoc   []*ast.Comment
	tentBlank bool

	buf []byte // joined text of a multi-line statement
	lx  lexer
}

func newScanner(sh *shared, file *source.File, src []byte, depth int) *scanner {
	s := &scanner{
		shared:   sh,
		file:     file,
		src:      src,
		str:      string(src),
		fixed:    sh.cfg.Form == ast.FixedForm,
		depth:    depth,
		labelOff: -1,
	}
	s.lx.sc = s
	s.lx.str = s.str
	s.lx.errOff = -1
	return s
}

func (s *scanner) errorAt(off int, msg string) {
	s.errs.Add(s.file.Position(s.file.Pos(off)), msg)
}

// run scans the file line by line.
func (s *scanner) run() {
	src := s.src
	n := len(src)
	off := 0
	if bytes.HasPrefix(src, utf8BOM) {
		off = len(utf8BOM) // as gfortran, which ignores it
	}
	for off < n {
		ls := off
		le := n
		if k := bytes.IndexByte(src[off:], '\n'); k >= 0 {
			le = off + k
			off = le + 1
		} else {
			off = n
		}
		if le > ls && src[le-1] == '\r' {
			le--
		}
		if le > ls && src[ls] == '#' {
			off = s.directive(ls, le, off)
			continue
		}
		if s.skipping {
			continue
		}
		if s.fixed {
			s.fixedLine(ls, le)
		} else {
			s.freeLine(ls, le)
		}
	}
	if s.open && !s.fixed {
		s.errorAt(s.ampOff, "'&' continuation at end of file")
	}
	s.flush()
	for i := len(s.conds) - 1; i >= 0; i-- {
		s.errorAt(s.conds[i].off, "unterminated #"+s.conds[i].name)
	}
}

// utf8BOM is the byte order mark some editors put at the start of a
// UTF-8 file.
var utf8BOM = []byte{0xEF, 0xBB, 0xBF}

// comment makes a comment of src[p:e], without trailing blanks; bang
// replaces its first character by "!".
func (s *scanner) comment(p, e int, bang bool) *ast.Comment {
	for e > p && isBlank(s.src[e-1]) {
		e--
	}
	text := s.str[p:e]
	if bang && text[0] != '!' {
		text = "!" + text[1:]
	}
	return s.newComment(s.file.Pos(p), text)
}

// openStmt starts collecting a new logical statement.
func (s *scanner) openStmt() {
	s.open = true
	s.stmtDoc = s.pendDoc
	s.pendDoc = nil
	s.stmtBlank = s.pendBlank
	s.pendBlank = false
	s.segs = s.segs[:0]
	s.lineCmt = nil
	s.label = 0
	s.labelOff = -1
	s.quote = 0
}

func (s *scanner) addSeg(a, e int) {
	if e > a {
		s.segs = append(s.segs, seg{s: a, n: e - a})
	}
}

func (s *scanner) addBlanks(at, n int) {
	if n > 0 {
		s.segs = append(s.segs, seg{s: at, n: n, synth: true})
	}
}

// freeLine handles the free-form line src[ls:le].
func (s *scanner) freeLine(ls, le int) {
	src := s.src
	p := ls
	for p < le && isBlank(src[p]) {
		p++
	}
	if p == le { // blank line
		if !s.open {
			s.pendBlank = true
		}
		return
	}
	if src[p] == '!' { // comment line
		c := s.comment(p, le, false)
		if s.open {
			s.stmtDoc = append(s.stmtDoc, c)
		} else {
			s.pendDoc = append(s.pendDoc, c)
		}
		return
	}
	start := p
	quote := byte(0)
	if s.open { // continuation line
		quote = s.quote
		switch {
		case src[p] == '&':
			start = p + 1
		case quote != 0:
			start = ls
		default:
			start = ls
			s.addBlanks(s.ampOff, 1) // the line break separates tokens
		}
	} else {
		s.openStmt()
	}
	cmt := -1
	i := start
	for ; i < le; i++ {
		c := src[i]
		if class[c]&cSpecial == 0 {
			continue
		}
		if quote != 0 {
			if c == quote {
				quote = 0
			}
			continue
		}
		if c == '!' {
			cmt = i
			break
		}
		if c == '\'' || c == '"' {
			quote = c
		}
	}
	end := le
	if cmt >= 0 {
		end = cmt
	}
	q := end - 1
	for q >= start && isBlank(src[q]) {
		q--
	}
	cont := q >= start && src[q] == '&'
	if s.open && q < start && start == p+1 {
		// "&" alone on a continuation line: an error; the statement
		// goes on with the next line
		s.errorAt(p, "'&' alone on a continuation line")
		cont = true
		q = p
	}
	if cont {
		s.addSeg(start, q)
	} else {
		s.addSeg(start, end)
	}
	if cmt >= 0 {
		c := s.comment(cmt, le, false)
		if cont {
			s.stmtDoc = append(s.stmtDoc, c)
		} else {
			s.lineCmt = c
		}
	}
	if cont {
		s.quote = quote
		s.ampOff = q
		return
	}
	s.flush()
}

// fixedLine handles the fixed-form line src[ls:le].
func (s *scanner) fixedLine(ls, le int) {
	src := s.src
	if ls == le {
		s.blankLine()
		return
	}
	switch src[ls] {
	case 'c', 'C', '*', '!':
		s.commentLine(s.comment(ls, le, true))
		return
	}
	limit := s.lineLen
	tab := -1
	for i := ls; i < le && i < ls+6; i++ {
		if src[i] == '\t' {
			tab = i
			break
		}
	}
	var labEnd, contOff, textStart, textLimit int
	contOff = -1
	if tab >= 0 {
		labEnd = tab
		if tab+1 < le && '1' <= src[tab+1] && src[tab+1] <= '9' {
			contOff = tab + 1
			textStart = tab + 2
		} else {
			textStart = tab + 1
		}
		textLimit = textStart + limit - 6
	} else {
		labEnd = min(ls+5, le)
		if ls+5 < le {
			if c := src[ls+5]; !isBlank(c) && c != '0' {
				contOff = ls + 5
			}
		}
		textStart = min(ls+6, le)
		textLimit = ls + limit
	}
	textEnd := le
	if limit >= 0 && textLimit < le {
		textEnd = max(textLimit, textStart)
	}
	// blank and comment lines
	p := ls
	for p < textEnd && isBlank(src[p]) {
		p++
	}
	if p == textEnd {
		s.blankLine()
		return
	}
	if src[p] == '!' && p != contOff {
		s.commentLine(s.comment(p, le, false))
		return
	}
	// label field
	label, labelOff, labelBad := 0, -1, false
	for i := ls; i < labEnd; i++ {
		c := src[i]
		switch {
		case isDigit(c):
			if labelOff < 0 {
				labelOff = i
			}
			label = label*10 + int(c-'0')
		case isBlank(c):
		default:
			if !labelBad {
				s.errorAt(i, "invalid character in label field")
			}
			labelBad = true
		}
	}
	if contOff >= 0 {
		if labelOff >= 0 && !labelBad {
			s.errorAt(labelOff, "statement label on continuation line")
		}
		if !s.open {
			s.errorAt(contOff, "continuation line with no statement to continue")
			return
		}
		if s.lineCmt != nil {
			s.stmtDoc = append(s.stmtDoc, s.lineCmt)
			s.lineCmt = nil
		}
		s.stmtDoc = append(s.stmtDoc, s.tentDoc...)
		s.tentDoc = s.tentDoc[:0]
		s.tentBlank = false
	} else {
		s.flush()
		s.openStmt()
		if labelOff >= 0 && !labelBad {
			if label == 0 {
				s.errorAt(labelOff, "zero is not a valid statement label")
			} else {
				s.label = label
				s.labelOff = labelOff
			}
		}
	}
	quote := s.quote
	cmt := -1
	i := textStart
	for ; i < textEnd; i++ {
		c := src[i]
		if class[c]&cSpecial == 0 {
			continue
		}
		if quote != 0 {
			if c == quote {
				quote = 0
			}
			continue
		}
		if c == '!' {
			cmt = i
			break
		}
		if c == '\'' || c == '"' {
			quote = c
		}
	}
	end := textEnd
	if cmt >= 0 {
		end = cmt
		s.lineCmt = s.comment(cmt, textEnd, false)
	}
	s.addSeg(textStart, end)
	s.quote = quote
	if quote != 0 && limit >= 0 {
		s.addBlanks(end, textLimit-end)
	}
}

func (s *scanner) blankLine() {
	if s.open {
		s.tentBlank = true
	} else {
		s.pendBlank = true
	}
}

func (s *scanner) commentLine(c *ast.Comment) {
	if s.open {
		s.tentDoc = append(s.tentDoc, c)
	} else {
		s.pendDoc = append(s.pendDoc, c)
	}
}

// flush scans the collected logical statement into statements.
func (s *scanner) flush() {
	if !s.open {
		return
	}
	s.open = false
	s.quote = 0
	lx := &s.lx
	segs := s.segs
	if len(segs) == 1 && !segs[0].synth {
		segs[0].b = 0
		lx.text = s.src[segs[0].s : segs[0].s+segs[0].n]
	} else {
		buf := s.buf[:0]
		for i := range segs {
			segs[i].b = len(buf)
			if segs[i].synth {
				for k := 0; k < segs[i].n; k++ {
					buf = append(buf, ' ')
				}
			} else {
				buf = append(buf, s.src[segs[i].s:segs[i].s+segs[i].n]...)
			}
		}
		s.buf = buf
		lx.text = buf
	}
	lx.segs = segs
	lx.si = 0

	doc, blank, lineCmt := s.stmtDoc, s.stmtBlank, s.lineCmt
	s.stmtDoc, s.stmtBlank, s.lineCmt = nil, false, nil
	label, labelOff := s.label, s.labelOff
	s.label, s.labelOff = 0, -1

	text := lx.text
	n := len(text)
	var last *Statement
	docDone := false
	first := true
	for i := 0; ; {
		for i < n && isBlank(text[i]) {
			i++
		}
		if i >= n {
			break
		}
		lab, loff, detect := 0, -1, true
		if first {
			// In fixed form the first statement's label is in columns 1-5.
			lab, loff, detect = label, labelOff, !s.fixed
			first = false
		}
		st, ni, incl := s.statement(i, lab, loff, detect)
		i = ni
		if incl != nil {
			if !docDone {
				s.pendDoc = append(doc, s.pendDoc...)
				s.pendBlank = s.pendBlank || blank
				docDone = true
			}
			last = nil
			// The include may scan other files; the lexer state of this
			// file is kept in s.lx and s.buf, which they do not touch.
			s.include(incl.name, incl.off)
			continue
		}
		if st == nil {
			continue
		}
		if !docDone {
			st.Doc = doc
			st.BlankBefore = blank
			docDone = true
		}
		last = st
	}
	if first && labelOff >= 0 {
		s.errorAt(labelOff, "statement label without statement")
	}
	if !docDone {
		s.pendDoc = append(doc, s.pendDoc...)
		s.pendBlank = s.pendBlank || blank
	}
	if lineCmt != nil {
		if last != nil {
			last.Line = lineCmt
		} else {
			s.pendDoc = append(s.pendDoc, lineCmt)
		}
	}
	if len(s.tentDoc) > 0 {
		s.pendDoc = append(s.pendDoc, s.tentDoc...)
		s.tentDoc = s.tentDoc[:0]
	}
	s.pendBlank = s.pendBlank || s.tentBlank
	s.tentBlank = false
	s.segs = segs[:0]
}

type includeReq struct {
	name string
	off  int
}

// statement scans one statement of the joined text from i, up to and
// including the ';' that ends it. label and loff are the fixed-form label
// of the first statement (loff < 0: none); detect says to take a number
// at the start of the statement as its label. It returns nil for an
// empty statement and an includeReq for an INCLUDE line.
func (s *scanner) statement(i, label, loff int, detect bool) (*Statement, int, *includeReq) {
	lx := &s.lx
	t := lx.text
	n := len(t)
	if detect && isDigit(t[i]) {
		j := i
		for j < n && isDigit(t[j]) {
			j++
		}
		if j == n || isBlank(t[j]) || t[j] == ';' {
			switch {
			case j-i > 5:
				lx.errorf(i, "statement label has more than 5 digits")
			default:
				v := 0
				for _, c := range t[i:j] {
					v = v*10 + int(c-'0')
				}
				if v == 0 {
					lx.errorf(i, "zero is not a valid statement label")
				} else {
					label, loff = v, lx.off(i)
				}
			}
			i = j
		}
	}
	sh := s.shared
	sh.tokStart = len(sh.toks)
	if est := n - i + 16; est > cap(sh.toks)-len(sh.toks) && est > sh.tokChunk {
		// A statement too long for the chunk: room for it at once (a
		// token takes at least one character) rather than by doublings,
		// each copying its tokens so far.
		sh.toks = make([]token.Token, 0, est+sh.tokChunk)
		sh.tokStart = 0
	}
	sh.tooBig = false
	lastEnd := -1
	raw := 0
	for i < n {
		c := t[i]
		if class[c]&cBlank != 0 {
			i++
			continue
		}
		if c == ';' {
			i++
			break
		}
		kind, e := lx.next(i)
		if kind == token.ILLEGAL {
			i = e
			continue
		}
		o := lx.off(i)
		pos := s.file.Pos(o)
		lit := lx.litAt(i, e, o)
		if kind == token.IDENT {
			if len(lit) > MaxName {
				s.errorAt(o, fmt.Sprintf("name %s has %d characters; at most %d are allowed", shorten(lit), len(lit), MaxName))
			}
			if raw == 0 && len(lit) == 6 && strings.EqualFold(lit, "format") {
				if fe, ok := lx.formatSpec(e); ok {
					sh.appendTok(token.IDENT, pos, lit)
					j := skipBlanks(t, e)
					sh.appendTok(token.FORMAT, s.file.Pos(lx.off(j)), lx.lit(j, fe))
					raw += 2
					lastEnd = fe
					i = fe
					continue
				}
			}
			if strings.HasPrefix(lit, "__") {
				if k, v, ok := s.fileLine(lit, pos); ok {
					sh.appendTok(k, pos, v)
					raw++
					lastEnd = e
					i = e
					continue
				}
			}
			if len(sh.defines) > 0 {
				if m := sh.defines[lit]; m != nil && m.fn {
					sh.fnPending = true // cpp_func.go
				} else if m != nil {
					s.expand(m, pos, 0)
					raw++
					lastEnd = e
					i = e
					continue
				}
			}
			sh.appendTok(token.IDENT, pos, lit)
		} else {
			sh.appendTok(kind, pos, lit)
		}
		raw++
		lastEnd = e
		i = e
	}
	if sh.fnPending {
		sh.fnPending = false
		exp := s.expandCalls(sh.toks[sh.tokStart:], nil, 0, false) // cpp_func.go
		sh.toks = sh.toks[:sh.tokStart]
		for _, t := range exp {
			sh.appendTok(t.Kind, t.Pos, t.Lit)
		}
	}
	if s.fixed {
		sh.toks = sh.toks[:sh.tokStart+joinBlankExponents(sh.toks[sh.tokStart:])]
	}
	toks := sh.toks[sh.tokStart:]
	if len(toks) == 0 {
		if loff >= 0 {
			s.errorAt(loff, "statement label without statement")
		}
		sh.toks = sh.toks[:sh.tokStart]
		return nil, i, nil
	}
	if len(toks) == 2 && toks[0].Kind == token.IDENT && toks[1].Kind == token.STRING &&
		strings.EqualFold(toks[0].Lit, "include") && (toks[1].Lit[0] == '\'' || toks[1].Lit[0] == '"') {
		req := &includeReq{name: unquote(toks[1].Lit), off: s.file.Offset(toks[0].Pos)}
		sh.toks = sh.toks[:sh.tokStart]
		return nil, i, req
	}
	st := sh.newStmt()
	st.Label = label
	if loff >= 0 {
		st.LabelPos = s.file.Pos(loff)
	}
	st.Toks = toks[:len(toks):len(toks)]
	st.End = s.file.Pos(lx.off(lastEnd-1) + 1)
	sh.tokStart = len(sh.toks)
	return st, i, nil
}

// MaxName is the longest name Fortran (2003 and later) allows, and
// gfortran takes.
const MaxName = 63

// shorten quotes a name for a message, cut to its first characters.
func shorten(name string) string {
	if len(name) > 24 {
		return "'" + name[:20] + "...'"
	}
	return "'" + name + "'"
}

// unquote returns the value of a character literal.
func unquote(lit string) string {
	if len(lit) < 2 {
		return ""
	}
	q := lit[0]
	body := lit[1:]
	if body[len(body)-1] == q {
		body = body[:len(body)-1]
	}
	return strings.ReplaceAll(body, string([]byte{q, q}), string(q))
}

// include scans the file name included at offset off of this file.
func (s *scanner) include(name string, off int) {
	pos := s.file.Position(s.file.Pos(off))
	fail := func(why string) {
		s.errs.Add(pos, fmt.Sprintf("cannot include %q: %s", name, why))
	}
	switch {
	case s.cfg.Include == nil:
		fail("no include resolver")
		return
	case s.cfg.FileSet == nil:
		fail("no file set to add it to")
		return
	case s.depth >= MaxIncludeDepth:
		fail(fmt.Sprintf("includes nested more than %d deep (include cycle?)", MaxIncludeDepth))
		return
	case s.nIncludes >= maxIncludes:
		fail(fmt.Sprintf("more than %d includes", maxIncludes))
		return
	}
	s.nIncludes++
	path, src, err := s.cfg.Include(name, pos)
	if err != nil {
		fail(err.Error())
		return
	}
	f := s.cfg.FileSet.AddFile(path, src)
	sub := newScanner(s.shared, f, src, s.depth+1)
	sub.run()
}
