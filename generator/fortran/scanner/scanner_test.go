package scanner

import (
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/fadj-dev/fadj/generator/diag"
	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/fortran/token"
	"github.com/fadj-dev/fadj/generator/fuzzbound"
	"github.com/fadj-dev/fadj/generator/source"
)

// scan scans src as file "test.f90" (free) or "test.f" (fixed).
func scan(t testing.TB, src string, cfg Config) (*Result, diag.List, *source.FileSet) {
	t.Helper()
	fs := cfg.FileSet
	if fs == nil {
		fs = source.NewFileSet()
		cfg.FileSet = fs
	}
	name := "test.f90"
	if cfg.Form == ast.FixedForm {
		name = "test.f"
	}
	f := fs.AddFile(name, []byte(src))
	var errs diag.List
	res := Scan(f, []byte(src), cfg, &errs)
	return res, errs, fs
}

// render shows a statement as "label: KIND:lit KIND:lit ...", operators
// by their canonical spelling (so .eq. shows as ==:.eq.).
func render(st *Statement) string {
	var b strings.Builder
	if st.Label != 0 {
		fmt.Fprintf(&b, "%d: ", st.Label)
	}
	for i, t := range st.Toks {
		if i > 0 {
			b.WriteByte(' ')
		}
		fmt.Fprintf(&b, "%s:%s", t.Kind, t.Lit)
	}
	return b.String()
}

func renderAll(res *Result) []string {
	var out []string
	for _, st := range res.Stmts {
		out = append(out, render(st))
	}
	return out
}

func errStrings(errs diag.List) []string {
	var out []string
	for _, e := range errs {
		out = append(out, fmt.Sprintf("%d:%d: %s", e.Pos.Line, e.Pos.Column, e.Msg))
	}
	return out
}

func checkStmts(t *testing.T, name string, got, want []string) {
	t.Helper()
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("%s:\ngot:\n\t%s\nwant:\n\t%s", name, strings.Join(got, "\n\t"), strings.Join(want, "\n\t"))
	}
}

type scanCase struct {
	name string
	src  string
	want []string
}

var freeCases = []scanCase{
	{"simple", "x = 1\n", []string{"IDENT:x =:= INT:1"}},
	{"no final newline", "x = 1\ny = 2", []string{"IDENT:x =:= INT:1", "IDENT:y =:= INT:2"}},
	{"crlf", "x = 1\r\ny = 'a'\r\n", []string{"IDENT:x =:= INT:1", "IDENT:y =:= STRING:'a'"}},
	{"continuation", "x = 1 + &\n    2\n", []string{"IDENT:x =:= INT:1 +:+ INT:2"}},
	{"continuation with comment", "x = 1 + & ! why\n  ! more\n\n    2 ! end\n", []string{"IDENT:x =:= INT:1 +:+ INT:2"}},
	{"leading ampersand joins a split token", "call fo&\n  &o(a)\n", []string{"IDENT:call IDENT:foo (:( IDENT:a ):)"}},
	{"no leading ampersand separates tokens", "y = ab&\ncd\n", []string{"IDENT:y =:= IDENT:ab IDENT:cd"}},
	{"string across lines", "s = 'abc&\n    &def'\n", []string{"IDENT:s =:= STRING:'abcdef'"}},
	{"string across lines, resumes at column 1", "s = 'abc&\n  def'\n", []string{"IDENT:s =:= STRING:'abc  def'"}},
	{"string across lines with comment line between", "s = \"a b &\n! note\n &c\"\n", []string{"IDENT:s =:= STRING:\"a b c\""}},
	{"ampersand and bang inside string", "s = 'a & b ! c'\n", []string{"IDENT:s =:= STRING:'a & b ! c'"}},
	{"semicolons", "a = 1; b = 2;; ; c = 3;\n;\n", []string{"IDENT:a =:= INT:1", "IDENT:b =:= INT:2", "IDENT:c =:= INT:3"}},
	{"semicolon in string", "s = 'a;b'; t = \";\"\n", []string{"IDENT:s =:= STRING:'a;b'", "IDENT:t =:= STRING:\";\""}},
	{"labels", "10 continue\n99999 x = 1\n  20 y = 2; 30 z = 3\n", []string{"10: IDENT:continue", "99999: IDENT:x =:= INT:1", "20: IDENT:y =:= INT:2", "30: IDENT:z =:= INT:3"}},
	{"number at start followed by name is no label", "10x = 1\n", []string{"INT:10 IDENT:x =:= INT:1"}},
	{"integers", "call f(10, 8_8, 10_ik, 0)\n", []string{"IDENT:call IDENT:f (:( INT:10 ,:, INT:8_8 ,:, INT:10_ik ,:, INT:0 ):)"}},
	{"reals", "r = [1.0, 1., .5, 1.d0, 1.5D-3, 1e-3_8, 2.5_dp, 1.0E+10, 6.02214076e23_dp, 1q0]\n",
		[]string{"IDENT:r =:= [:[ REAL:1.0 ,:, REAL:1. ,:, REAL:.5 ,:, REAL:1.d0 ,:, REAL:1.5D-3 ,:, REAL:1e-3_8 ,:, REAL:2.5_dp ,:, REAL:1.0E+10 ,:, REAL:6.02214076e23_dp ,:, REAL:1q0 ]:]"}},
	{"strings", `s = 'it''s' // "say ""hi""" // '' // k_'kind' // 1_"one"` + "\n",
		[]string{`IDENT:s =:= STRING:'it''s' //:// STRING:"say ""hi""" //:// STRING:'' //:// STRING:k_'kind' //:// STRING:1_"one"`}},
	{"logicals", "l = [.true., .false._lk, .TRUE., .False.]\n", []string{"IDENT:l =:= [:[ LOGICAL:.true. ,:, LOGICAL:.false._lk ,:, LOGICAL:.TRUE. ,:, LOGICAL:.False. ]:]"}},
	{"boz", "data i, j, k, l /b'0101', o'17', z'ff', Z\"FF\"/\n", []string{"IDENT:data IDENT:i ,:, IDENT:j ,:, IDENT:k ,:, IDENT:l /:/ BOZ:b'0101' ,:, BOZ:o'17' ,:, BOZ:z'ff' ,:, BOZ:Z\"FF\" /:/"}},
	{"operators", "a = b + c - d * e / f ** g // h\n", []string{"IDENT:a =:= IDENT:b +:+ IDENT:c -:- IDENT:d *:* IDENT:e /:/ IDENT:f **:** IDENT:g //:// IDENT:h"}},
	{"relational", "l = a == b .or. a /= b .or. a < b .or. a <= b .or. a > b .or. a >= b\n",
		[]string{"IDENT:l =:= IDENT:a ==:== IDENT:b .or.:.or. IDENT:a /=:/= IDENT:b .or.:.or. IDENT:a <:< IDENT:b .or.:.or. IDENT:a <=:<= IDENT:b .or.:.or. IDENT:a >:> IDENT:b .or.:.or. IDENT:a >=:>= IDENT:b"}},
	{"punctuation", "type(t), pointer :: p(:) => null(); x%y = a(1:2, ::3)\n",
		[]string{"IDENT:type (:( IDENT:t ):) ,:, IDENT:pointer ::::: IDENT:p (:( ::: ):) =>:=> IDENT:null (:( ):)", "IDENT:x %:% IDENT:y =:= IDENT:a (:( INT:1 ::: INT:2 ,:, ::::: INT:3 ):)"}},
	{"dotted operators", "l = .not. a .and. b .or. c .eqv. d .neqv. e .EQ. f .Ne. g .lt. h .le. i .gt. j .ge. k .cross. m\n",
		[]string{"IDENT:l =:= .not.:.not. IDENT:a .and.:.and. IDENT:b .or.:.or. IDENT:c .eqv.:.eqv. IDENT:d .neqv.:.neqv. IDENT:e ==:.EQ. IDENT:f /=:.Ne. IDENT:g <:.lt. IDENT:h <=:.le. IDENT:i >:.gt. IDENT:j >=:.ge. IDENT:k DEFOP:.cross. IDENT:m"}},
	{"numbers next to dotted operators", "if (1.eq.2 .or. x.and.y .or. a(1).gt.b .or. 3.and.z) y = 1.e5 + 2.E-3 + 1.d0\n",
		[]string{"IDENT:if (:( INT:1 ==:.eq. INT:2 .or.:.or. IDENT:x .and.:.and. IDENT:y .or.:.or. IDENT:a (:( INT:1 ):) >:.gt. IDENT:b .or.:.or. INT:3 .and.:.and. IDENT:z ):) IDENT:y =:= REAL:1.e5 +:+ REAL:2.E-3 +:+ REAL:1.d0"}},
	{"real then dotted operator", "l = 1.0.eq.x .or. 2..eq.y\n", []string{"IDENT:l =:= REAL:1.0 ==:.eq. IDENT:x .or.:.or. REAL:2. ==:.eq. IDENT:y"}},
	{"array constructor", "a = (/ 1, 2 /) + [3, 4]\n", []string{"IDENT:a =:= (:( /:/ INT:1 ,:, INT:2 /:/ ):) +:+ [:[ INT:3 ,:, INT:4 ]:]"}},
	{"array constructor no blanks", "a = (/1,2/)\n", []string{"IDENT:a =:= (:( /:/ INT:1 ,:, INT:2 /:/ ):)"}},
	{"identifiers", "a_b$c = x1\n", []string{"IDENT:a_b$c =:= IDENT:x1"}},
	{"format", "10 format(/, 'a', 2x, f10.3)\n", []string{"10: IDENT:format FORMAT:(/, 'a', 2x, f10.3)"}},
	{"format with strings holding parens", "20 FORMAT (I5, ')', \"((\", A) ! c\n", []string{"20: IDENT:FORMAT FORMAT:(I5, ')', \"((\", A)"}},
	{"format across lines", "30 format(i3, &\n  & 'x', &\n   f5.1)\n", []string{"30: IDENT:format FORMAT:(i3,  'x',     f5.1)"}},
	{"format hollerith", "40 format(1x, 5H(a)b', i3)\n", []string{"40: IDENT:format FORMAT:(1x, 5H(a)b', i3)"}},
	{"format array element assignment", "format(i) = 3\n", []string{"IDENT:format (:( IDENT:i ):) =:= INT:3"}},
	{"format variable", "format = 3\n", []string{"IDENT:format =:= INT:3"}},
	{"format then statement", "format(a); x = 1\n", []string{"IDENT:format FORMAT:(a)", "IDENT:x =:= INT:1"}},
	{"keywords are identifiers", "end do; enddo; go to 10; goto 10\n", []string{"IDENT:end IDENT:do", "IDENT:enddo", "IDENT:go IDENT:to INT:10", "IDENT:goto INT:10"}},
	{"tabs are blanks", "\tx\t=\t1\n", []string{"IDENT:x =:= INT:1"}},
	{"non-ascii in comments and strings", "s = 'héllo' ! ça va\n", []string{"IDENT:s =:= STRING:'héllo'"}},
}

var fixedCases = []scanCase{
	{"simple", "      X = 1\n", []string{"IDENT:X =:= INT:1"}},
	{"label", "   10 CONTINUE\n 1 2  GO TO 12\n12345 END\n", []string{"10: IDENT:CONTINUE", "12: IDENT:GO IDENT:TO INT:12", "12345: IDENT:END"}},
	{"continuation", "      X = 1 +\n     &    2 +\n     1    3\n", []string{"IDENT:X =:= INT:1 +:+ INT:2 +:+ INT:3"}},
	{"column 6 zero is an initial line", "     0X = 1\n", []string{"IDENT:X =:= INT:1"}},
	{"name split across lines", "      CALL FO\n     &O(1)\n", []string{"IDENT:CALL IDENT:FOO (:( INT:1 ):)"}},
	{"columns past 72 ignored", "      X = 1                                                             SEQ00010\n" +
		"      Y = ABCDEFGHIJKLMNOPQRSTUVWXYZABCDEFGHIJKLMNOPQRSTUVWXYZABCDEFGHIJKLMNOP\n" +
		"                                                                        00030\n",
		[]string{"IDENT:X =:= INT:1", "IDENT:Y =:= IDENT:ABCDEFGHIJKLMNOPQRSTUVWXYZABCDEFGHIJKLMNOPQRSTUVWXYZABCDEFGHIJ"}},
	{"string continued, padded to column 72", "      S = 'ABC\n     &DEF'\n",
		[]string{"IDENT:S =:= STRING:'ABC" + strings.Repeat(" ", 58) + "DEF'"}},
	{"string continued from column 72", "      S = '" + strings.Repeat("ABCDEFGHIJ", 6) + "X\n     &YZ'\n",
		[]string{"IDENT:S =:= STRING:'" + strings.Repeat("ABCDEFGHIJ", 6) + "XYZ'"}},
	{"tab", "\tX = 1\n10\tCONTINUE\n", []string{"IDENT:X =:= INT:1", "10: IDENT:CONTINUE"}},
	{"tab digit continuation", "\tX = 1 +\n\t1 2\n", []string{"IDENT:X =:= INT:1 +:+ INT:2"}},
	{"tab zero is text", "\t0X = 1\n", []string{"INT:0 IDENT:X =:= INT:1"}},
	{"tab line length", "\tS = '" + strings.Repeat("A", 61) + "BCD\n     &'\n", []string{"IDENT:S =:= STRING:'" + strings.Repeat("A", 61) + "'"}},
	{"tab continuation line length", "\tS =\n\t1'" + strings.Repeat("A", 65) + "BCD\n     &'\n", []string{"IDENT:S =:= STRING:'" + strings.Repeat("A", 65) + "'"}},
	{"tab after text start is one column", "      S =\t'" + strings.Repeat("A", 61) + "BCD\n     &'\n", []string{"IDENT:S =:= STRING:'" + strings.Repeat("A", 61) + "'"}},
	{"trailing bang comment", "      X = 1 ! hi 'there'\n      S = '!'\n", []string{"IDENT:X =:= INT:1", "IDENT:S =:= STRING:'!'"}},
	{"comment lines", "C c\nc c\n* c\n! c\n   ! c\n      X = 1\n", []string{"IDENT:X =:= INT:1"}},
	{"semicolons", "      A = 1; B = 2\n   10 C = 3; 20 D = 4\n", []string{"IDENT:A =:= INT:1", "IDENT:B =:= INT:2", "10: IDENT:C =:= INT:3", "20: IDENT:D =:= INT:4"}},
	{"number in column 7 is no label", "      10 CONTINUE\n", []string{"INT:10 IDENT:CONTINUE"}},
	{"format across lines", "  120 Format (' start', F5.1,\n     $        '  ok ', L1)\n", []string{"120: IDENT:Format FORMAT:(' start', F5.1,        '  ok ', L1)"}},
	{"format hollerith", "  100 FORMAT(1H ,5HA)B'C,I3)\n", []string{"100: IDENT:FORMAT FORMAT:(1H ,5HA)B'C,I3)"}},
	{"dotted", "      IF (I.EQ.1 .AND. X.GT.1.E5) GOTO 10\n", []string{"IDENT:IF (:( IDENT:I ==:.EQ. INT:1 .and.:.AND. IDENT:X >:.GT. REAL:1.E5 ):) IDENT:GOTO INT:10"}},
	{"crlf and no final newline", "      X = 1\r\n     &+2\r\n      Y = 2", []string{"IDENT:X =:= INT:1 +:+ INT:2", "IDENT:Y =:= INT:2"}},
	{"include statement text is not a string", "      INCLUDEX = 'a'\n", []string{"IDENT:INCLUDEX =:= STRING:'a'"}},
	{"long line limit off", "      X = 1", []string{"IDENT:X =:= INT:1"}},
	{"blanks inside a real literal", "      X = 10. D 0 + 1 E -3*.5 d+2\n", []string{"IDENT:X =:= REAL:10.D0 +:+ REAL:1E-3 *:* REAL:.5d+2"}},
	{"blank exponent needs digits", "      DO 10 D = 1, 2\n      CHARACTER*8 E, D(3)\n      Y = 2 D\n",
		[]string{"IDENT:DO INT:10 IDENT:D =:= INT:1 ,:, INT:2", "IDENT:CHARACTER *:* INT:8 IDENT:E ,:, IDENT:D (:( INT:3 ):)", "IDENT:Y =:= INT:2 IDENT:D"}},
}

func TestFreeForm(t *testing.T) {
	for _, c := range freeCases {
		res, errs, _ := scan(t, c.src, Config{})
		if len(errs) > 0 {
			t.Errorf("%s: unexpected errors %v", c.name, errStrings(errs))
		}
		checkStmts(t, c.name, renderAll(res), c.want)
	}
}

func TestFixedForm(t *testing.T) {
	for _, c := range fixedCases {
		res, errs, _ := scan(t, c.src, Config{Form: ast.FixedForm})
		if len(errs) > 0 {
			t.Errorf("%s: unexpected errors %v", c.name, errStrings(errs))
		}
		checkStmts(t, c.name, renderAll(res), c.want)
	}
}

func TestFixedLineLength(t *testing.T) {
	src := "      X = A" + strings.Repeat(" ", 61) + "+ B\n      S = 'A\n     &B'\n"
	res, errs, _ := scan(t, src, Config{Form: ast.FixedForm, FixedLineLength: -1})
	if len(errs) > 0 {
		t.Fatal(errStrings(errs))
	}
	checkStmts(t, "unlimited", renderAll(res), []string{"IDENT:X =:= IDENT:A +:+ IDENT:B", "IDENT:S =:= STRING:'AB'"})
	res, _, _ = scan(t, "      X = 12345\n", Config{Form: ast.FixedForm, FixedLineLength: 13})
	checkStmts(t, "13", renderAll(res), []string{"IDENT:X =:= INT:123"})
}

type cmt struct {
	line int
	text string
}

func comments(fs *source.FileSet, cs []*ast.Comment) []cmt {
	var out []cmt
	for _, c := range cs {
		out = append(out, cmt{fs.Position(c.Slash).Line, c.Text})
	}
	return out
}

func TestComments(t *testing.T) {
	type want struct {
		doc   []cmt
		blank bool
		line  *cmt
	}
	cases := []struct {
		name     string
		form     ast.SourceForm
		src      string
		stmts    []want
		trailing []cmt
	}{
		{"free", ast.FreeForm,
			"! head1\n   ! head2   \n\nx = 1 ! trailing\ny = 2 + & ! inside\n  ! between\n\n  3\n\n! tail\n",
			[]want{
				{doc: []cmt{{1, "! head1"}, {2, "! head2"}}, blank: true, line: &cmt{4, "! trailing"}},
				{doc: []cmt{{5, "! inside"}, {6, "! between"}}},
			},
			[]cmt{{10, "! tail"}}},
		{"free blank before doc", ast.FreeForm,
			"x = 1\n\n! a\ny = 2; z = 3 ! zz\n",
			[]want{{}, {doc: []cmt{{3, "! a"}}, blank: true}, {line: &cmt{4, "! zz"}}},
			nil},
		{"free comment on empty statement", ast.FreeForm,
			"x = 1\n; ! lost?\ny = 2\n",
			[]want{{}, {doc: []cmt{{2, "! lost?"}}}},
			nil},
		{"fixed", ast.FixedForm,
			"C head\nc lower\n* star\n! bang\n      X = 1   ! trailing   \nC between\n     & + 2\nC after\n\n      Y = 2 ! y\n   ! indented\n",
			[]want{
				{doc: []cmt{{1, "! head"}, {2, "! lower"}, {3, "! star"}, {4, "! bang"}, {5, "! trailing"}, {6, "! between"}}},
				{doc: []cmt{{8, "! after"}}, blank: true, line: &cmt{10, "! y"}},
			},
			[]cmt{{11, "! indented"}}},
		{"fixed comment text kept verbatim", ast.FixedForm,
			"C\tTAB  'quoted' ! x\nCCCCCC\n      END\n",
			[]want{{doc: []cmt{{1, "!\tTAB  'quoted' ! x"}, {2, "!CCCCC"}}}},
			nil},
		{"fixed blank line between continuation lines", ast.FixedForm,
			"      X = 1\n\n     & + 2\n      Y = 1\n",
			[]want{{}, {}},
			nil},
	}
	for _, c := range cases {
		res, errs, fs := scan(t, c.src, Config{Form: c.form})
		if len(errs) > 0 {
			t.Errorf("%s: unexpected errors %v", c.name, errStrings(errs))
		}
		if len(res.Stmts) != len(c.stmts) {
			t.Errorf("%s: got %d statements %q, want %d", c.name, len(res.Stmts), renderAll(res), len(c.stmts))
			continue
		}
		for i, w := range c.stmts {
			st := res.Stmts[i]
			if got := comments(fs, st.Doc); fmt.Sprint(got) != fmt.Sprint(w.doc) {
				t.Errorf("%s: stmt %d Doc = %v, want %v", c.name, i, got, w.doc)
			}
			if st.BlankBefore != w.blank {
				t.Errorf("%s: stmt %d BlankBefore = %v, want %v", c.name, i, st.BlankBefore, w.blank)
			}
			var got *cmt
			if st.Line != nil {
				got = &comments(fs, []*ast.Comment{st.Line})[0]
			}
			if fmt.Sprint(got) != fmt.Sprint(w.line) {
				t.Errorf("%s: stmt %d Line = %v, want %v", c.name, i, got, w.line)
			}
		}
		if got := comments(fs, res.Trailing); fmt.Sprint(got) != fmt.Sprint(c.trailing) {
			t.Errorf("%s: Trailing = %v, want %v", c.name, got, c.trailing)
		}
	}
}

// TestPositions checks token, label and end positions as "line:col".
func TestPositions(t *testing.T) {
	cases := []struct {
		name  string
		form  ast.SourceForm
		src   string
		toks  string // positions of all tokens
		label string
		end   string // positions of each statement's End
	}{
		{"free", ast.FreeForm, "  10 x = 'ab&\n  &cd' + y ; z=1\n", "1:6 1:8 1:10 2:8 2:10 2:14 2:15 2:16", "1:3", "2:11 2:17"},
		{"free continuation", ast.FreeForm, "call fo&\n   &o(a) ! c\n", "1:1 1:6 2:6 2:7 2:8", "", "2:9"},
		{"fixed", ast.FixedForm, "   10 X = 1 +\n     &  2\n", "1:7 1:9 1:11 1:13 2:9", "1:4", "2:10"},
		{"fixed tab", ast.FixedForm, "10\tX =\n\t1Y\n", "1:4 1:6 2:3", "1:1", "2:4"},
		{"format", ast.FreeForm, "100 format (a, &\n & i3)\n", "1:5 1:12", "1:1", "2:7"},
		{"crlf", ast.FreeForm, "a\r\nb = 'x'\r\n", "1:1 2:1 2:3 2:5", "", "1:2 2:8"},
	}
	for _, c := range cases {
		res, errs, fs := scan(t, c.src, Config{Form: c.form})
		if len(errs) > 0 {
			t.Errorf("%s: unexpected errors %v", c.name, errStrings(errs))
		}
		var toks, labels, ends []string
		for _, st := range res.Stmts {
			for _, tk := range st.Toks {
				p := fs.Position(tk.Pos)
				toks = append(toks, fmt.Sprintf("%d:%d", p.Line, p.Column))
			}
			if st.LabelPos.IsValid() {
				p := fs.Position(st.LabelPos)
				labels = append(labels, fmt.Sprintf("%d:%d", p.Line, p.Column))
			}
			p := fs.Position(st.End)
			ends = append(ends, fmt.Sprintf("%d:%d", p.Line, p.Column))
		}
		if got := strings.Join(toks, " "); got != c.toks {
			t.Errorf("%s: token positions %s, want %s", c.name, got, c.toks)
		}
		if got := strings.Join(labels, " "); got != c.label {
			t.Errorf("%s: label positions %s, want %s", c.name, got, c.label)
		}
		if got := strings.Join(ends, " "); got != c.end {
			t.Errorf("%s: end positions %s, want %s", c.name, got, c.end)
		}
	}
}

func TestPreprocessor(t *testing.T) {
	cases := []struct {
		name    string
		form    ast.SourceForm
		defines map[string]string
		src     string
		want    []string
	}{
		{"ifdef else", ast.FreeForm, nil,
			"#ifdef DEBUG\nx = 1\n#else\nx = 2\n#endif\n",
			[]string{"IDENT:x =:= INT:2"}},
		{"ifdef with -D", ast.FreeForm, map[string]string{"DEBUG": ""},
			"#ifdef DEBUG\nx = 1\n#else\nx = 2\n#endif\n#if DEBUG == 1\ny = DEBUG\n#endif\n",
			[]string{"IDENT:x =:= INT:1", "IDENT:y =:= INT:1"}},
		{"ifndef", ast.FreeForm, map[string]string{"N": "3"},
			"#ifndef N\nx = 1\n#endif\n#ifndef M\ny = N\n#endif\n",
			[]string{"IDENT:y =:= INT:3"}},
		{"if elif else", ast.FreeForm, map[string]string{"V": "2"},
			"#if V == 1\na = 1\n#elif V == 2\na = 2\n#elif V == 2\na = 3\n#else\na = 4\n#endif\n",
			[]string{"IDENT:a =:= INT:2"}},
		{"if expressions", ast.FreeForm, map[string]string{"A": "1", "B": "A + 2"},
			"#if defined(A) && defined B && !defined(C) && B >= 3 && (B < 4 || 0) && C == 0 && 0x10 == 16\nok = 1\n#endif\n" +
				"#if B != 3 || defined C\nbad = 1\n#endif\n#if 0 && 1/0\nbad = 2\n#endif\n",
			[]string{"IDENT:ok =:= INT:1"}},
		{"nested inactive", ast.FreeForm, nil,
			"#if 0\n#if 1\na = 1\n#else\na = 2\n#endif\n#error not reached\n#else\na = 3\n#endif\n",
			[]string{"IDENT:a =:= INT:3"}},
		{"define and substitute", ast.FreeForm, nil,
			"#define N 10\n#define M (N + 1)\n#define EMPTY\nx = N * M EMPTY\n#undef N\ny = N + n\n",
			[]string{"IDENT:x =:= INT:10 *:* (:( INT:10 +:+ INT:1 ):)", "IDENT:y =:= IDENT:N +:+ IDENT:n"}},
		{"self-referential macro", ast.FreeForm, nil,
			"#define C C*2\n#define real real(8)\nx = C\nreal :: y\n",
			[]string{"IDENT:x =:= IDENT:C *:* INT:2", "IDENT:real (:( INT:8 ):) ::::: IDENT:y"}},
		{"macro with comment and C comment", ast.FreeForm, nil,
			"#define N 10 /* size */\n#define M 5 ! five\nx = N + M\n",
			[]string{"IDENT:x =:= INT:10 +:+ INT:5"}},
		{"macro not substituted in strings, comments or format", ast.FreeForm, nil,
			"#define a b\nx = 'a' ! a\n10 format(a)\n",
			[]string{"IDENT:x =:= STRING:'a'", "10: IDENT:format FORMAT:(a)"}},
		{"backslash continued directive", ast.FreeForm, nil,
			"#define N 1 + \\\n 2\nx = N\n",
			[]string{"IDENT:x =:= INT:1 +:+ INT:2"}},
		{"fixed form", ast.FixedForm, map[string]string{"USE_DP": "1"},
			"#if USE_DP\n      REAL*8 X\n#else\n      REAL X\n#endif\n#define K 4\n      X = K\n",
			[]string{"IDENT:REAL *:* INT:8 IDENT:X", "IDENT:X =:= INT:4"}},
		{"MITgcm's _d", ast.FixedForm, map[string]string{"_d": "D"},
			"      X = 0.5 _d 0 - 2. _d -3\n",
			[]string{"IDENT:X =:= REAL:0.5D0 -:- REAL:2.D-3"}},
		{"blank exponent only in fixed form", ast.FreeForm, map[string]string{"_d": "D"},
			"x = 0.5 _d 0\n",
			[]string{"IDENT:x =:= REAL:0.5 IDENT:D INT:0"}},
		{"fixed form define after statement", ast.FixedForm, nil,
			"#define K 4\n      X = K\n#undef K\n      Y = K\n",
			[]string{"IDENT:X =:= INT:4", "IDENT:Y =:= IDENT:K"}},
		{"directive between continuation lines", ast.FixedForm, nil,
			"      X = 1\n#ifdef NOPE\n     & + 5\n#endif\n     & + 2\n",
			[]string{"IDENT:X =:= INT:1 +:+ INT:2"}},
		{"null directive", ast.FreeForm, nil, "#\nx = 1\n", []string{"IDENT:x =:= INT:1"}},
		{"function-like macros", ast.FixedForm, nil,
			"#define _BEGIN_MASTER(a) IF ( a .EQ. 1 ) THEN\n#define _END_MASTER(a) ENDIF\n#define N 3\n" +
				"#define _EXCH(f, t) CALL EXCH(f, t, N)\n#define TWICE(x) 2*(x)\n#define NOARG() 7\n" +
				"      _BEGIN_MASTER( myThid )\n      _EXCH(a(1, 2), TWICE(N))\n      _END_MASTER( myThid )\n" +
				"      y = TWICE + NOARG()\n",
			[]string{"IDENT:IF (:( IDENT:myThid ==:.EQ. INT:1 ):) IDENT:THEN",
				"IDENT:CALL IDENT:EXCH (:( IDENT:a (:( INT:1 ,:, INT:2 ):) ,:, INT:2 *:* (:( INT:3 ):) ,:, INT:3 ):)",
				"IDENT:ENDIF", "IDENT:y =:= IDENT:TWICE +:+ INT:7"}},
		{"__FILE__ and __LINE__", ast.FreeForm, nil,
			"x = 1\ncall warn(__FILE__, __LINE__)\n",
			[]string{"IDENT:x =:= INT:1", "IDENT:call IDENT:warn (:( STRING:'test.f90' ,:, INT:2 ):)"}},
	}
	for _, c := range cases {
		res, errs, _ := scan(t, c.src, Config{Form: c.form, Defines: c.defines})
		if len(errs) > 0 {
			t.Errorf("%s: unexpected errors %v", c.name, errStrings(errs))
		}
		checkStmts(t, c.name, renderAll(res), c.want)
	}
}

// mapResolver resolves includes from a map.
func mapResolver(files map[string]string) func(string, source.Position) (string, []byte, error) {
	return func(name string, pos source.Position) (string, []byte, error) {
		src, ok := files[name]
		if !ok {
			return "", nil, errors.New("file not found")
		}
		return "inc/" + name, []byte(src), nil
	}
}

func TestInclude(t *testing.T) {
	files := map[string]string{
		"consts.h": "! the constants\ninteger, parameter :: n = 10\n#include \"more.h\"\n",
		"more.h":   "#ifndef MORE_H\n#define MORE_H\nreal :: x\n#endif\n",
		"fixed.h":  "C     FIXED\n      COMMON /B/ A,\n     &  C\n",
		"self.h":   "x = 1\ninclude 'self.h'\n",
		"bad.h":    "y = `\n",
	}
	cfg := Config{Include: mapResolver(files)}
	src := "program p\n  include 'consts.h' ! comment\n#include \"more.h\"\n  INCLUDE \"more.h\"\n  y = n\nend\n"
	res, errs, fs := scan(t, src, cfg)
	if len(errs) > 0 {
		t.Errorf("unexpected errors %v", errStrings(errs))
	}
	checkStmts(t, "include", renderAll(res), []string{
		"IDENT:program IDENT:p",
		"IDENT:integer ,:, IDENT:parameter ::::: IDENT:n =:= INT:10",
		"IDENT:real ::::: IDENT:x",
		"IDENT:y =:= IDENT:n",
		"IDENT:end",
	})
	if len(res.Stmts) == 5 {
		p := fs.Position(res.Stmts[1].Toks[0].Pos)
		if p.String() != "inc/consts.h:2:1" {
			t.Errorf("included token at %s", p)
		}
		p = fs.Position(res.Stmts[2].Toks[2].Pos)
		if p.String() != "inc/more.h:3:9" {
			t.Errorf("included token at %s", p)
		}
		if got := comments(fs, res.Stmts[1].Doc); fmt.Sprint(got) != "[{1 ! the constants}]" {
			t.Errorf("doc of included statement: %v", got)
		}
		if got := comments(fs, res.Stmts[3].Doc); fmt.Sprint(got) != "[{2 ! comment}]" {
			t.Errorf("doc after include: %v", got)
		}
	}

	// fixed form, included file scanned in fixed form
	res, errs, _ = scan(t, "      INCLUDE 'fixed.h'\n      END\n", Config{Form: ast.FixedForm, Include: mapResolver(files)})
	if len(errs) > 0 {
		t.Errorf("unexpected errors %v", errStrings(errs))
	}
	checkStmts(t, "fixed include", renderAll(res), []string{"IDENT:COMMON /:/ IDENT:B /:/ IDENT:A ,:, IDENT:C", "IDENT:END"})

	// cycle
	res, errs, _ = scan(t, "include 'self.h'\n", Config{Include: mapResolver(files)})
	if got := errStrings(errs); len(got) != 1 || got[0] != `2:1: cannot include "self.h": includes nested more than 20 deep (include cycle?)` {
		t.Errorf("cycle: errors %v", got)
	} else if errs[0].Pos.Filename != "inc/self.h" {
		t.Errorf("cycle: error in %s", errs[0].Pos.Filename)
	}
	if len(res.Stmts) != 20 {
		t.Errorf("cycle: %d statements, want 20", len(res.Stmts))
	}

	// errors in an included file are positioned there
	_, errs, _ = scan(t, "include 'bad.h'\n", Config{Include: mapResolver(files)})
	if len(errs) != 1 || errs[0].Error() != "inc/bad.h:1:5: illegal character U+0060 '`'" {
		t.Errorf("bad.h: %v", errs)
	}

	// resolver errors
	_, errs, _ = scan(t, "x = 1\n  include 'nope.h'\n", Config{Include: mapResolver(files)})
	if len(errs) != 1 || errs[0].Error() != `test.f90:2:3: cannot include "nope.h": file not found` {
		t.Errorf("nope.h: %v", errs)
	}
}

func TestErrors(t *testing.T) {
	free, fixed := ast.FreeForm, ast.FixedForm
	cases := []struct {
		form ast.SourceForm
		src  string
		want []string
	}{
		{free, "x = 'abc\ny = 1\n", []string{"1:5: string literal not terminated"}},
		{free, "x = 'abc&\n", []string{"1:9: '&' continuation at end of file", "1:5: string literal not terminated"}},
		{free, "x = a ` b\n", []string{"1:7: illegal character U+0060 '`'"}},
		{free, "x = @\ny = ?\n", []string{"1:5: illegal character U+0040 '@'", "2:5: illegal character U+003F '?'"}},
		{free, "x = é\n", []string{"1:5: illegal character U+00E9 'é'"}},
		{free, "x = a & b\n", []string{"1:7: illegal character U+0026 '&'"}},
		{free, "x = a . b\n", []string{"1:7: illegal character U+002E '.'"}},
		{free, "x = 1 + &\n! only a comment\n", []string{"1:9: '&' continuation at end of file"}},
		{free, "x = &\n  &  ! c\n 1\n", []string{"2:3: '&' alone on a continuation line"}},
		{free, "123456 x = 1\n", []string{"1:1: statement label has more than 5 digits"}},
		{free, "0 x = 1\n", []string{"1:1: zero is not a valid statement label"}},
		{free, "x = 1\n10\n", []string{"2:1: statement label without statement"}},
		{free, "x = b'012' + z'fg'\n", []string{"1:5: invalid BOZ literal b'012'", "1:14: invalid BOZ literal z'fg'"}},
		{free, "10 format(a, (i3)\n", []string{"1:10: missing ')' in FORMAT statement"}},
		{fixed, "     &X = 1\n", []string{"1:6: continuation line with no statement to continue"}},
		{fixed, "\t1X = 1\n", []string{"1:2: continuation line with no statement to continue"}},
		{fixed, "      X = 1\n   10& + 2\n", []string{"2:4: statement label on continuation line"}},
		{fixed, "  1a  X = 1\n", []string{"1:4: invalid character in label field"}},
		{fixed, "1a\tX = 1\n", []string{"1:2: invalid character in label field"}},
		{fixed, "    0 X = 1\n", []string{"1:5: zero is not a valid statement label"}},
		{fixed, "   10\n      X = 1\n", []string{"1:4: statement label without statement"}},
		{fixed, "      S = 'ABC\n      X = 1 @\n", []string{"1:11: string literal not terminated", "2:13: illegal character U+0040 '@'"}},
		{free, "#define F(x) x # 1\n", []string{"1:9: not supported: # or ## in function-like macro F"}},
		{free, "#define F(x, ...) x\n", []string{"1:9: not supported: parameter '...' of function-like macro F"}},
		{free, "#define F(x, y) x+y\nz = F(1)\n", []string{"2:5: macro F takes 2 arguments, given 1"}},
		{free, "#error stop here\n", []string{"1:1: #error stop here"}},
		{free, "#pragma omp\n", []string{"1:1: not supported: preprocessor directive #pragma"}},
		{free, "# 1 \"f.F90\"\n", []string{"1:1: not supported: preprocessor directive #1"}},
		{free, "x = 1\n#if 1\ny = 2\n", []string{"2:1: unterminated #if"}},
		{free, "#ifdef A\n#else\n#else\n#endif\n#endif\n", []string{"3:1: #else after #else", "5:1: #endif without #if"}},
		{free, "#if 1 +\n#endif\n#if 1/0\n#endif\n#if (1\n#endif\n#if\n#endif\n", []string{"1:1: missing expression in #if", "3:1: division by zero in #if", "5:1: missing ')' in #if", "7:1: #if with no expression"}},
		{free, "#ifdef\n#endif\n#define\n#define 1x\n", []string{"1:1: no macro name given in #ifdef directive", "3:1: no macro name given in #define directive", "4:1: macro names must be identifiers"}},
		{free, "include 'a.h'\n", []string{`1:1: cannot include "a.h": no include resolver`}},
		{free, "#include <a.h>\n#include a.h\n", []string{`1:1: cannot include "a.h": no include resolver`, `2:1: #include expects "FILENAME" or <FILENAME>`}},
		{free, "x = `\ny = 'a\nz = 1 ?\n", []string{"1:5: illegal character U+0060 '`'", "2:5: string literal not terminated", "3:7: illegal character U+003F '?'"}},
	}
	for _, c := range cases {
		_, errs, _ := scan(t, c.src, Config{Form: c.form})
		got := errStrings(errs)
		if strings.Join(got, "\n") != strings.Join(c.want, "\n") {
			t.Errorf("%q:\ngot  %q\nwant %q", c.src, got, c.want)
		}
	}
}

// TestResume checks that scanning goes on after errors.
func TestResume(t *testing.T) {
	res, errs, _ := scan(t, "x = `\ny = 'a\nz = 1\n", Config{})
	if len(errs) != 2 {
		t.Errorf("errors: %v", errStrings(errs))
	}
	checkStmts(t, "resume", renderAll(res), []string{"IDENT:x =:=", "IDENT:y =:= STRING:'a", "IDENT:z =:= INT:1"})
}

func TestLookupDotted(t *testing.T) {
	for _, name := range []string{"eq", "NE", "Lt", "le", "gt", "ge", "not", "AND", "or", "eqv", "NEQV", "true", "FALSE", "x", "cross", "eqvx", "nequal"} {
		if got, want := lookupDotted([]byte(name)), token.LookupDotted(name); got != want {
			t.Errorf("lookupDotted(%q) = %v, want %v", name, got, want)
		}
	}
}

func TestNilFileAndErrs(t *testing.T) {
	res := Scan(nil, []byte("x = 1\n"), Config{}, nil)
	if len(res.Stmts) != 1 {
		t.Fatalf("got %d statements", len(res.Stmts))
	}
}

// scanBudget is what scanning an input may cost: linear in its size
// (about 30 bytes allocated per byte scanned), with wide margins.
var scanBudget = fuzzbound.Budget{Time: 2 * time.Second, TimePerByte: 20 * time.Microsecond, Alloc: 16 << 20, AllocPerByte: 1 << 10}

// FuzzScan checks that Scan never panics, that it costs time and memory
// linear in the input, and that every position it returns lies in a file
// of the set.
func FuzzScan(f *testing.F) {
	for _, c := range freeCases {
		f.Add(c.src, false)
	}
	for _, c := range fixedCases {
		f.Add(c.src, true)
	}
	f.Add("#define A B B\n#define B A A\nx = A\n#if A\n#endif\n", false)
	f.Add("include 'x'\n#include \"y\"\n", true)
	for _, src := range fuzzbound.Large(64 << 10) {
		f.Add(src, false)
	}
	f.Fuzz(func(t *testing.T, src string, fixed bool) {
		cfg := Config{Defines: map[string]string{"N": "3", "E": ""}}
		if fixed {
			cfg.Form = ast.FixedForm
		}
		cfg.Include = func(name string, pos source.Position) (string, []byte, error) {
			if name == "x" {
				return "x.h", []byte("integer :: k ! c\n"), nil
			}
			return "", nil, errors.New("no")
		}
		fs := source.NewFileSet()
		cfg.FileSet = fs
		file := fs.AddFile("fuzz", []byte(src))
		var errs diag.List
		var res *Result
		scanBudget.Run(t, len(src), func() { res = Scan(file, []byte(src), cfg, &errs) })
		in := func(p source.Pos) bool {
			f := fs.File(p)
			return f != nil && int(p) >= f.Base() && int(p) <= f.Base()+f.Size()
		}
		for _, e := range errs {
			if strings.Contains(e.Msg, "internal error") {
				t.Fatalf("%v", e)
			}
		}
		for _, st := range res.Stmts {
			if len(st.Toks) == 0 {
				t.Fatalf("empty statement")
			}
			for _, tk := range st.Toks {
				if !in(tk.Pos) || int(tk.Pos) >= fs.File(tk.Pos).Base()+fs.File(tk.Pos).Size() {
					t.Fatalf("token %v %q at %d outside its file", tk.Kind, tk.Lit, tk.Pos)
				}
				if tk.Lit == "" {
					t.Fatalf("token %v with empty Lit", tk.Kind)
				}
				// A token starts where its text does, unless it comes
				// from the expansion of a macro, which stands at the
				// macro's name.
				if fs.File(tk.Pos) == file {
					c := src[file.Offset(tk.Pos)]
					if c != tk.Lit[0] && !isLetter(c) && c != '_' {
						t.Fatalf("token %v %q at a %q", tk.Kind, tk.Lit, c)
					}
				}
			}
			if !in(st.End) {
				t.Fatalf("End %d outside the file", st.End)
			}
			if st.Label != 0 && !in(st.LabelPos) {
				t.Fatalf("LabelPos %d outside the file", st.LabelPos)
			}
			for _, c := range append(st.Doc, st.Line) {
				if c != nil && (!in(c.Slash) || !strings.HasPrefix(c.Text, "!")) {
					t.Fatalf("bad comment %q", c.Text)
				}
			}
		}
		for _, c := range res.Trailing {
			if !in(c.Slash) || !strings.HasPrefix(c.Text, "!") {
				t.Fatalf("bad comment %q", c.Text)
			}
		}
	})
}

// benchSource generates about n lines of Fortran.
func benchSource(n int, fixed bool) []byte {
	tpl := freeTemplate
	if fixed {
		tpl = fixedTemplate
	}
	per := strings.Count(tpl, "\n")
	var b strings.Builder
	for i := 0; i*per < n; i++ {
		fmt.Fprintf(&b, tpl, i)
	}
	return []byte(b.String())
}

const fixedTemplate = `C     ------------------------------------------------------------
C     SUBROUTINE NUMBER %[1]d: A JACOBI SWEEP
C     ------------------------------------------------------------
      SUBROUTINE SWEEP%[1]d(N, A, B, X, XNEW, TOL, ERR)
      INTEGER N, I, J
      DOUBLE PRECISION A(N,N), B(N), X(N), XNEW(N), TOL, ERR, S
      CHARACTER*40 MSG
      DATA MSG /'JACOBI SWEEP DONE'/
      ERR = 0.0D0
      DO 20 I = 1, N
         S = B(I)
         DO 10 J = 1, N
            IF (J .NE. I) S = S - A(I,J)*X(J)
   10    CONTINUE
         XNEW(I) = S / A(I,I)
         ERR = MAX(ERR, ABS(XNEW(I) - X(I)))
   20 CONTINUE
      IF (ERR .GT. TOL .AND. N .GT. 1) THEN
         WRITE (6, 100) ERR, TOL,
     &      N, 'NOT CONVERGED YET, CONTINUING THE ITERATION'
      ELSE
         WRITE (6, '(1X, A)') MSG ! DONE
      END IF
  100 FORMAT (' ERR =', 1PE12.4, ' TOL =', E12.4, I6, 1X, A)
      RETURN
      END

`

const freeTemplate = `! ------------------------------------------------------------
! subroutine number %[1]d: a Jacobi sweep
! ------------------------------------------------------------
subroutine sweep%[1]d(n, a, b, x, xnew, tol, err)
  implicit none
  integer, intent(in) :: n
  real(dp), intent(in) :: a(n, n), b(n), x(n), tol
  real(dp), intent(out) :: xnew(n), err
  integer :: i, j
  real(dp) :: s
  character(len=*), parameter :: msg = 'Jacobi sweep done'
  err = 0.0_dp
  do i = 1, n
    s = b(i)
    do j = 1, n
      if (j /= i) s = s - a(i, j) * x(j)
    end do
    xnew(i) = s / a(i, i)
    err = max(err, abs(xnew(i) - x(i)))
  end do
  if (err > tol .and. n > 1) then
    write (*, 100) err, tol, &
      n, "not converged yet, continuing the iteration"
  else
    print '(a)', msg ! done
  end if
100 format (' err =', es12.4, ' tol =', es12.4, i6, 1x, a)
end subroutine sweep%[1]d

`

func BenchmarkScan(b *testing.B) {
	for _, form := range []ast.SourceForm{ast.FreeForm, ast.FixedForm} {
		b.Run(form.String(), func(b *testing.B) {
			src := benchSource(100000, form == ast.FixedForm)
			lines := 0
			for _, c := range src {
				if c == '\n' {
					lines++
				}
			}
			fs := source.NewFileSet()
			file := fs.AddFile("bench", src)
			b.SetBytes(int64(len(src)))
			b.ReportAllocs()
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				var errs diag.List
				Scan(file, src, Config{Form: form}, &errs)
				if len(errs) > 0 {
					b.Fatal(errs)
				}
			}
			b.ReportMetric(float64(lines)*float64(b.N)/b.Elapsed().Seconds(), "lines/s")
		})
	}
}
