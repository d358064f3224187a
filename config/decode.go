package config

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"math"
	"path"
	"sort"
	"strconv"
	"strings"
	"unicode/utf8"

	"gopkg.in/yaml.v3"

	"github.com/fadj-dev/fadj/generator/diag"
	"github.com/fadj-dev/fadj/generator/source"
	names "github.com/fadj-dev/fadj/generator/suggest"
)

// decoder walks the YAML nodes of one spec, collecting diagnostics.
type decoder struct {
	file   string
	data   []byte
	bom    int             // length of a leading byte-order mark
	lines  []int           // offset of the first byte of each line, as YAML counts lines
	ascii  []bool          // whether each line is ASCII, computed on first use
	runes  map[int][]int32 // character offsets of non-ASCII lines, on first use
	errs   diag.List
	visits int
}

// bailout is panicked to stop decoding (too many errors, too large);
// run recovers it.
type bailout struct{}

// entry is a key of a mapping and its value (aliases not resolved).
type entry struct {
	key, val *yaml.Node
}

func (d *decoder) run() (spec *Spec) {
	spec = &Spec{}
	defer func() {
		if r := recover(); r != nil {
			if _, ok := r.(bailout); !ok {
				panic(r)
			}
		}
	}()
	if bytes.HasPrefix(d.data, []byte("\uFEFF")) {
		d.bom = 3
	}
	d.lines = lineTable(d.data, d.bom)
	if len(d.data) > MaxSize {
		d.errorAt(d.offsetPos(0), "the spec is too large (%d bytes; at most %d)", len(d.data), MaxSize)
		return spec
	}
	if !d.checkText() {
		return spec
	}
	root := d.parseYAML()
	if root == nil {
		return spec
	}
	d.spec(root, spec)
	return spec
}

// lineTable returns the offsets of line starts, breaking lines where YAML
// does: at CR LF, CR, LF, NEL, LS and PS.
func lineTable(data []byte, bom int) []int {
	lines := []int{bom}
	for i := bom; i < len(data); i++ {
		switch c := data[i]; {
		case c == '\r' && i+1 < len(data) && data[i+1] == '\n':
			i++
			lines = append(lines, i+1)
		case c == '\r' || c == '\n':
			lines = append(lines, i+1)
		case c == 0xC2 && i+1 < len(data) && data[i+1] == 0x85:
			i++
			lines = append(lines, i+1)
		case c == 0xE2 && i+2 < len(data) && data[i+1] == 0x80 && (data[i+2] == 0xA8 || data[i+2] == 0xA9):
			i += 2
			lines = append(lines, i+1)
		}
	}
	return lines
}

// offsetPos returns the position of a byte offset.
func (d *decoder) offsetPos(off int) source.Position {
	i := sort.Search(len(d.lines), func(i int) bool { return d.lines[i] > off }) - 1
	if i < 0 {
		i = 0
	}
	return source.Position{Filename: d.file, Offset: off, Line: i + 1, Column: off - d.lines[i] + 1}
}

// linePos returns the position of a YAML mark: a 1-based line and a
// 1-based column counted in characters, turned into a byte column.
func (d *decoder) linePos(line, col int) source.Position {
	if line < 1 {
		line = 1
	}
	if col < 1 {
		col = 1
	}
	if line > len(d.lines) {
		return source.Position{Filename: d.file, Offset: len(d.data), Line: line, Column: col}
	}
	start, end := d.lines[line-1], len(d.data)
	if line < len(d.lines) {
		end = d.lines[line]
	}
	off := start + col - 1
	if !d.asciiLine(line) {
		runes := d.runeOffsets(line, start, end)
		if col-1 < len(runes) {
			off = start + int(runes[col-1])
		} else {
			off = end + (col - 1 - len(runes))
		}
	}
	off = min(off, len(d.data))
	return source.Position{Filename: d.file, Offset: off, Line: line, Column: off - start + 1}
}

// asciiLine reports whether a line is ASCII, so that its columns in
// characters are columns in bytes.
func (d *decoder) asciiLine(line int) bool {
	if d.ascii == nil {
		d.ascii = make([]bool, len(d.lines))
		for i, start := range d.lines {
			end := len(d.data)
			if i+1 < len(d.lines) {
				end = d.lines[i+1]
			}
			d.ascii[i] = true
			for _, c := range d.data[start:end] {
				if c >= utf8.RuneSelf {
					d.ascii[i] = false
					break
				}
			}
		}
	}
	return d.ascii[line-1]
}

// runeOffsets returns the byte offset of each character of a line from
// its start, computed once per line.
func (d *decoder) runeOffsets(line, start, end int) []int32 {
	if r, ok := d.runes[line]; ok {
		return r
	}
	var r []int32
	for off := start; off < end; {
		r = append(r, int32(off-start))
		_, w := utf8.DecodeRune(d.data[off:end])
		off += w
	}
	if d.runes == nil {
		d.runes = make(map[int][]int32)
	}
	d.runes[line] = r
	return r
}

func (d *decoder) pos(n *yaml.Node) source.Position {
	return d.linePos(n.Line, n.Column)
}

func (d *decoder) errorAt(p source.Position, format string, args ...any) {
	if len(d.errs) >= maxErrors {
		d.errs.Add(p, fmt.Sprintf("too many errors (stopped after %d)", maxErrors))
		panic(bailout{})
	}
	d.errs.Addf(p, format, args...)
}

func (d *decoder) errorf(n *yaml.Node, format string, args ...any) {
	d.errorAt(d.pos(n), format, args...)
}

// checkText rejects what YAML does not allow in a stream, with a precise
// position (the YAML library reports these without one): text that is not
// UTF-8, and control characters other than tab, CR and LF.
func (d *decoder) checkText() bool {
	for i := d.bom; i < len(d.data); {
		r, w := utf8.DecodeRune(d.data[i:])
		switch {
		case r == utf8.RuneError && w == 1:
			d.errorAt(d.offsetPos(i), "the spec is not UTF-8 text (byte 0x%02x)", d.data[i])
			return false
		case r < 0x20 && r != '\t' && r != '\n' && r != '\r', r == 0x7f,
			r >= 0x80 && r < 0xa0 && r != 0x85, r == 0xfffe, r == 0xffff:
			d.errorAt(d.offsetPos(i), "control character U+%04X is not allowed in YAML", r)
			return false
		}
		i += w
	}
	return true
}

// decode runs the YAML library, turning any panic of its own into an error.
func decode(dec *yaml.Decoder, n *yaml.Node) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("yaml: internal error: %v", r)
		}
	}()
	return dec.Decode(n)
}

// parseYAML parses the one document of the spec and returns its root.
func (d *decoder) parseYAML() *yaml.Node {
	dec := yaml.NewDecoder(bytes.NewReader(d.data))
	var doc yaml.Node
	if err := decode(dec, &doc); err != nil {
		if errors.Is(err, io.EOF) {
			d.errorAt(d.linePos(1, 1), "the spec is empty")
		} else {
			d.yamlError(err)
		}
		return nil
	}
	var next yaml.Node
	switch err := decode(dec, &next); {
	case errors.Is(err, io.EOF):
	case err != nil:
		d.yamlError(err)
	default:
		d.errorf(&next, "a spec is one YAML document; a second one starts here")
	}
	if doc.Kind != yaml.DocumentNode || len(doc.Content) != 1 {
		d.errorAt(d.linePos(1, 1), "the spec is empty")
		return nil
	}
	return doc.Content[0]
}

// parserProblems are the messages of the YAML library's parser (as
// opposed to its scanner), whose line numbers it reports 0-based.
var parserProblems = []string{
	"did not find expected <stream-start>",
	"did not find expected <document start>",
	"found undefined tag handle",
	"did not find expected node content",
	"did not find expected '-' indicator",
	"did not find expected key",
	"did not find expected ',' or ']'",
	"did not find expected ',' or '}'",
	"found duplicate %YAML directive",
	"found incompatible YAML document",
	"found duplicate %TAG directive",
}

// yamlError reports an error of the YAML library. Its messages have a
// line at most ("yaml: line 3: ..."), so the column is 1.
func (d *decoder) yamlError(err error) {
	msg := strings.TrimPrefix(err.Error(), "yaml: ")
	line := 0
	if rest, ok := strings.CutPrefix(msg, "line "); ok {
		if num, text, ok := strings.Cut(rest, ": "); ok {
			if n, err := strconv.Atoi(num); err == nil {
				line, msg = n, text
			}
		}
	}
	for _, p := range parserProblems {
		if msg == p {
			line++
			break
		}
	}
	p := d.linePos(line, 1)
	if name, ok := strings.CutPrefix(msg, "unknown anchor '"); ok {
		name, _, _ = strings.Cut(name, "'")
		if i := bytes.Index(d.data, []byte("*"+name)); i >= 0 && name != "" {
			p = d.offsetPos(i)
		}
	}
	if p.Line > len(d.lines) {
		p = d.offsetPos(len(d.data))
	}
	d.errorAt(p, "invalid YAML: %s", msg)
}

// value resolves aliases. Each call counts towards maxVisits, which
// bounds the work that aliases can multiply.
func (d *decoder) value(n *yaml.Node) *yaml.Node {
	d.visits++
	if d.visits > maxVisits {
		d.errorf(n, "the spec is too large: more than %d values (counting each use of an alias)", maxVisits)
		panic(bailout{})
	}
	for i := 0; n.Kind == yaml.AliasNode && n.Alias != nil && i < 100; i++ {
		n = n.Alias
	}
	return n
}

// describe names the type of a node for messages: "found a mapping".
func describe(n *yaml.Node) string {
	switch n.Kind {
	case yaml.MappingNode:
		return "a mapping"
	case yaml.SequenceNode:
		return "a list"
	case yaml.AliasNode:
		return "an alias"
	case yaml.DocumentNode:
		return "a document"
	case yaml.ScalarNode:
		switch t := n.ShortTag(); t {
		case "!!str":
			return "a string"
		case "!!int":
			return "an integer"
		case "!!float":
			return "a number"
		case "!!bool":
			return "a boolean"
		case "!!null":
			if n.Value == "" {
				return "nothing"
			}
			return "null"
		case "!!timestamp":
			return "a date"
		case "!!binary":
			return "binary data"
		default:
			return "a value tagged " + quote(t)
		}
	}
	return "nothing"
}

func (d *decoder) typeError(at, n *yaml.Node, name, want string) {
	d.errorf(at, "%s: expected %s, found %s", name, want, describe(n))
}

// key returns the text of a mapping key.
func (d *decoder) key(k *yaml.Node) (string, bool) {
	n := d.value(k)
	if n.Kind != yaml.ScalarNode {
		d.errorf(k, "expected a key, found %s", describe(n))
		return "", false
	}
	if n.ShortTag() == "!!merge" {
		d.errorf(k, "merge keys ('<<') are not supported; write the keys out")
		return "", false
	}
	return n.Value, true
}

// mapping checks that at is a mapping whose keys are those of sec:
// no unknown key, no key twice, every required key present. It returns
// the entries by key, or nil if at is not a mapping.
func (d *decoder) mapping(at *yaml.Node, sec *section, name string) map[string]entry {
	n := d.value(at)
	if n.Kind != yaml.MappingNode {
		d.typeError(at, n, name, "a mapping")
		return nil
	}
	m := make(map[string]entry)
	seen := make(map[string]*yaml.Node)
	suggested := make(map[string]bool) // keys an unknown key was taken for
	for i := 0; i+1 < len(n.Content); i += 2 {
		k, v := n.Content[i], n.Content[i+1]
		key, ok := d.key(k)
		if !ok {
			continue
		}
		if first, dup := seen[key]; dup {
			d.errorf(k, "duplicate key %s %s (first at line %d)", quote(key), sec.where, first.Line)
			continue
		}
		seen[key] = k
		if sec.field(key) == nil {
			suggested[d.unknownKey(k, key, sec)] = true
			continue
		}
		m[key] = entry{k, v}
	}
	for _, f := range sec.fields {
		// A missing key that an unknown key was a typo of is not
		// reported twice.
		if _, ok := m[f.key]; f.required && !ok && !suggested[f.key] {
			if sec == secSpec {
				d.errorf(at, "missing required key %s", quote(f.key))
			} else {
				d.errorf(at, "missing required key %s %s", quote(f.key), sec.where)
			}
		}
	}
	return m
}

// unknownKey reports an unknown key and returns the key suggested
// instead, if any.
func (d *decoder) unknownKey(k *yaml.Node, key string, sec *section) string {
	msg := fmt.Sprintf("unknown key %s %s", quote(key), sec.where)
	var homes []string
	for _, s := range sections {
		if s != sec && s.field(key) != nil {
			homes = append(homes, s.home)
		}
	}
	s := ""
	if len(homes) > 0 {
		msg += fmt.Sprintf(" (it belongs in %s)", list(homes, "or"))
	} else if s = suggest(key, sec.keys()); s != "" {
		msg += fmt.Sprintf(" (did you mean %s?)", quote(s))
	}
	d.errorf(k, "%s", msg)
	return s
}

// freeMap walks a mapping whose keys are the user's (form, defines,
// call_overrides), calling f for each key not seen before.
func (d *decoder) freeMap(e entry, name string, f func(k *yaml.Node, key string, v *yaml.Node)) {
	n := d.value(e.val)
	if n.Kind != yaml.MappingNode {
		d.typeError(e.val, n, name, "a mapping")
		return
	}
	seen := make(map[string]*yaml.Node)
	for i := 0; i+1 < len(n.Content); i += 2 {
		k, v := n.Content[i], n.Content[i+1]
		key, ok := d.key(k)
		if !ok {
			continue
		}
		if first, dup := seen[key]; dup {
			d.errorf(k, "%s: duplicate key %s (first at line %d)", name, quote(key), first.Line)
			continue
		}
		seen[key] = k
		f(k, key, v)
	}
}

// str returns a string value.
func (d *decoder) str(at *yaml.Node, name string) (string, source.Position, bool) {
	n := d.value(at)
	if n.Kind != yaml.ScalarNode || n.ShortTag() != "!!str" {
		d.typeError(at, n, name, "a string")
		return "", source.Position{}, false
	}
	return n.Value, d.pos(at), true
}

// enum returns a string value that must be one of values.
func (d *decoder) enum(at *yaml.Node, name string, values []string) (string, source.Position, bool) {
	n := d.value(at)
	want := list(values, "or")
	if n.Kind != yaml.ScalarNode || n.ShortTag() != "!!str" {
		d.typeError(at, n, name, want)
		return "", source.Position{}, false
	}
	for _, v := range values {
		if n.Value == v {
			return v, d.pos(at), true
		}
	}
	msg := fmt.Sprintf("%s: expected %s, found %s", name, want, quote(n.Value))
	if s := suggest(n.Value, values); s != "" {
		msg += fmt.Sprintf(" (did you mean %s?)", quote(s))
	}
	d.errorf(at, "%s", msg)
	return "", source.Position{}, false
}

// boolean returns a true or false value.
func (d *decoder) boolean(at *yaml.Node, name string) (bool, source.Position, bool) {
	n := d.value(at)
	if n.Kind != yaml.ScalarNode || n.ShortTag() != "!!bool" {
		d.typeError(at, n, name, "true or false")
		return false, source.Position{}, false
	}
	var v bool
	if err := n.Decode(&v); err != nil {
		d.typeError(at, n, name, "true or false")
		return false, source.Position{}, false
	}
	return v, d.pos(at), true
}

// integer returns an integer value.
func (d *decoder) integer(at *yaml.Node, name string) (int64, source.Position, bool) {
	n := d.value(at)
	if n.Kind != yaml.ScalarNode || n.ShortTag() != "!!int" {
		d.typeError(at, n, name, "an integer")
		return 0, source.Position{}, false
	}
	var v int64
	if err := n.Decode(&v); err != nil || int64(int(v)) != v {
		d.errorf(at, "%s: %s is not a 64-bit integer", name, quote(n.Value))
		return 0, source.Position{}, false
	}
	return v, d.pos(at), true
}

// intMin returns an integer value >= lo.
func (d *decoder) intMin(at *yaml.Node, name string, lo int64) (int, source.Position, bool) {
	v, p, ok := d.integer(at, name)
	if ok && v < lo {
		d.errorf(at, "%s: expected an integer >= %d, found %d", name, lo, v)
		ok = false
	}
	return int(v), p, ok
}

// number returns a finite number value (an integer is a number).
func (d *decoder) number(at *yaml.Node, name string) (float64, source.Position, bool) {
	n := d.value(at)
	if n.Kind != yaml.ScalarNode || n.ShortTag() != "!!float" && n.ShortTag() != "!!int" {
		d.typeError(at, n, name, "a number")
		return 0, source.Position{}, false
	}
	var v float64
	if err := n.Decode(&v); err != nil {
		d.errorf(at, "%s: %s is not a number", name, quote(n.Value))
		return 0, source.Position{}, false
	}
	if math.IsInf(v, 0) || math.IsNaN(v) {
		d.errorf(at, "%s: expected a finite number, found %s", name, quote(n.Value))
		return 0, source.Position{}, false
	}
	return v, d.pos(at), true
}

// positive returns a number value > 0 (and < 1 if below1).
func (d *decoder) positive(at *yaml.Node, name string, below1 bool) (float64, source.Position, bool) {
	v, p, ok := d.number(at, name)
	switch {
	case !ok:
	case below1 && (v <= 0 || v >= 1):
		d.errorf(at, "%s: expected a number between 0 and 1 (exclusive), found %s", name, d.value(at).Value)
		ok = false
	case v <= 0:
		d.errorf(at, "%s: expected a number > 0, found %s", name, d.value(at).Value)
		ok = false
	}
	return v, p, ok
}

// seq returns the items of a list (aliases not resolved).
func (d *decoder) seq(at *yaml.Node, name, want string) ([]*yaml.Node, bool) {
	n := d.value(at)
	if n.Kind != yaml.SequenceNode {
		d.typeError(at, n, name, want)
		return nil, false
	}
	return n.Content, true
}

// strings returns the strings of a list of strings.
func (d *decoder) strings(at *yaml.Node, name string) ([]Path, bool) {
	items, ok := d.seq(at, name, "a list of strings")
	if !ok {
		return nil, false
	}
	out := make([]Path, 0, len(items))
	for _, it := range items {
		if s, p, ok := d.str(it, name); ok {
			out = append(out, Path{s, p})
		}
	}
	return out, true
}

// paths returns a list of spec-relative paths, each checked by check and
// none listed twice.
func (d *decoder) paths(e entry, name string, check func(string) string) ([]Path, bool) {
	items, ok := d.strings(e.val, name)
	if !ok {
		return nil, false
	}
	var out []Path
	first := make(map[string]Path)
	for _, p := range items {
		if problem := check(p.Text); problem != "" {
			d.errorAt(p.Pos, "%s: %s", name, problem)
			continue
		}
		if f, dup := first[p.Clean()]; dup {
			d.errorAt(p.Pos, "%s: %s is listed twice (first at line %d)", name, quote(p.Text), f.Pos.Line)
			continue
		}
		first[p.Clean()] = p
		out = append(out, p)
	}
	return out, true
}

func (d *decoder) spec(root *yaml.Node, s *Spec) {
	n := d.value(root)
	if n.Kind != yaml.MappingNode {
		d.errorf(root, "expected a mapping of keys at the top level, found %s", describe(n))
		return
	}
	// The version decides how to read the rest: read it first, and stop
	// if it is not this package's.
	for i := 0; i+1 < len(n.Content); i += 2 {
		if k := d.value(n.Content[i]); k.Kind == yaml.ScalarNode && k.Value == "version" {
			v, p, ok := d.integer(n.Content[i+1], "version")
			if ok && v != Version {
				d.errorf(n.Content[i+1], "version %d is not supported (this fadj reads version %d)", v, Version)
				return
			}
			s.Version, s.VersionPos = int(v), p
			break
		}
	}
	m := d.mapping(root, secSpec, "spec")
	if m == nil {
		return
	}
	if e, ok := m["sources"]; ok {
		if ps, ok := d.paths(e, "sources", checkFilePath); ok {
			s.Sources = ps
			if len(d.value(e.val).Content) == 0 {
				d.errorf(e.val, "sources: expected at least one file")
			}
		}
	}
	if e, ok := m["form"]; ok {
		sources := make(map[string]bool)
		for _, p := range s.Sources {
			sources[p.Clean()] = true
		}
		first := make(map[string]*yaml.Node)
		d.freeMap(e, "form", func(k *yaml.Node, key string, v *yaml.Node) {
			if problem := checkFilePath(key); problem != "" {
				d.errorf(k, "form: %s", problem)
				return
			}
			if f, dup := first[Path{Text: key}.Clean()]; dup {
				d.errorf(k, "form: %s is listed twice (first at line %d)", quote(key), f.Line)
				return
			}
			first[Path{Text: key}.Clean()] = k
			if len(s.Sources) > 0 && !sources[Path{Text: key}.Clean()] {
				// The scanner reads an included file in the form of the
				// file that includes it.
				d.errorf(k, "form: %s is not one of the sources (an included file is read in the form of the file that includes it)", quote(key))
			}
			if f, p, ok := d.enum(v, "form", Forms); ok {
				s.Form = append(s.Form, FormOverride{File: Path{key, d.pos(k)}, Form: Form(f), FormPos: p})
			}
		})
	}
	if e, ok := m["defines"]; ok {
		d.freeMap(e, "defines", func(k *yaml.Node, key string, v *yaml.Node) {
			if !isMacroName(key) {
				d.errorf(k, "defines: %s is not a preprocessor name", quote(key))
				return
			}
			n := d.value(v)
			if n.Kind != yaml.ScalarNode {
				d.typeError(v, n, "defines", "a string, a number or nothing")
				return
			}
			val := n.Value
			if n.ShortTag() == "!!null" {
				val = "1"
			}
			if strings.ContainsAny(val, "\r\n") {
				d.errorf(v, "defines: the value of %s spans lines", quote(key))
				return
			}
			s.Defines = append(s.Defines, Define{Name: key, Pos: d.pos(k), Value: val, ValuePos: d.pos(v)})
		})
	}
	if e, ok := m["include_dirs"]; ok {
		s.IncludeDirs, _ = d.paths(e, "include_dirs", checkPath)
	}
	if e, ok := m["default_real_kind"]; ok {
		if v, p, ok := d.integer(e.val, "default_real_kind"); ok {
			if v != 4 && v != 8 {
				d.errorf(e.val, "default_real_kind: expected 4 or 8, found %d", v)
			} else {
				s.DefaultRealKind, s.DefaultRealKindPos = int(v), p
			}
		}
	}
	if e, ok := m["output"]; ok {
		d.output(e, &s.Output, s.Sources)
	}
	if e, ok := m["targets"]; ok {
		d.targets(e, s)
	}
	if e, ok := m["check"]; ok {
		d.check(e, &s.Check)
	}
	// check.setup names targets.
	for _, su := range s.Check.Setup {
		found := false
		var routines []string
		for _, t := range s.Targets {
			routines = append(routines, t.Routine)
			if t.Name == su.TargetName && (su.TargetModule == "" || su.TargetModule == t.Module) {
				found = true
			}
		}
		if !found && len(s.Targets) > 0 {
			d.errorAt(su.Pos, "setup: %s is not a target's routine%s", quote(su.Target), names.Hint(su.Target, routines))
		}
	}
}

func isMacroName(s string) bool {
	if s == "" || isDigit(s[0]) {
		return false
	}
	for i := 0; i < len(s); i++ {
		if !isNameChar(s[i]) {
			return false
		}
	}
	return true
}

// augment reads output.augment: sources, each written again under its
// base name in the output directory, so no two may share one.
func (d *decoder) augment(e entry, o *Output, srcs []Path) {
	ps, ok := d.paths(e, "augment", checkFilePath)
	if !ok {
		return
	}
	sources := make(map[string]bool)
	for _, p := range srcs {
		sources[p.Clean()] = true
	}
	bases := make(map[string]Path)
	for _, p := range ps {
		if len(srcs) > 0 && !sources[p.Clean()] {
			d.errorAt(p.Pos, "augment: %s is not one of the sources", quote(p.Text))
			continue
		}
		b := strings.ToLower(path.Base(p.Clean()))
		if f, dup := bases[b]; dup {
			d.errorAt(p.Pos, "augment: %s and %s (line %d) would both be written as %s", quote(p.Text), quote(f.Text), f.Pos.Line, quote(o.AugmentedPath(p)))
			continue
		}
		bases[b] = p
		o.Augment = append(o.Augment, p)
	}
}

func (d *decoder) output(e entry, o *Output, sources []Path) {
	m := d.mapping(e.val, secOutput, "output")
	if m == nil {
		return
	}
	o.Pos = d.pos(e.val)
	if e, ok := m["dir"]; ok {
		if s, p, ok := d.str(e.val, "dir"); ok {
			if problem := checkOutputDir(s); problem != "" {
				d.errorAt(p, "dir: %s", problem)
			} else {
				o.Dir = Path{s, p}
			}
		}
	}
	suffix := func(key string, dst *string, dstPos *source.Position) {
		if e, ok := m[key]; ok {
			if s, p, ok := d.str(e.val, key); ok {
				if problem := checkSuffix(s); problem != "" {
					d.errorAt(p, "%s: %s", key, problem)
				} else {
					*dst, *dstPos = s, p
				}
			}
		}
	}
	suffix("suffix", &o.Suffix, &o.SuffixPos)
	suffix("tangent_suffix", &o.TangentSuffix, &o.TangentSuffixPos)
	if e, ok := m["runtime"]; ok {
		if s, p, ok := d.str(e.val, "runtime"); ok {
			if problem := checkName(s); problem != "" {
				d.errorAt(p, "runtime: %s", problem)
			} else {
				o.Runtime, o.RuntimePos = s, p
			}
		}
	}
	if e, ok := m["source_refs"]; ok {
		o.SourceRefs, o.SourceRefsPos, _ = d.boolean(e.val, "source_refs")
	}
	if e, ok := m["augment"]; ok {
		d.augment(e, o, sources)
	}
	// The adjoint and tangent suffixes must differ, defaults included.
	suf, tsuf := o.Suffix, o.TangentSuffix
	_, sufSet := m["suffix"]
	_, tsufSet := m["tangent_suffix"]
	if sufSet && suf == "" || tsufSet && tsuf == "" {
		return // reported above
	}
	switch {
	case sufSet && tsufSet:
		if strings.EqualFold(suf, tsuf) {
			d.errorAt(o.TangentSuffixPos, "tangent_suffix: %s is the same as suffix %s; tangent and adjoint names would clash", quote(tsuf), quote(suf))
		}
	case sufSet:
		if strings.EqualFold(suf, DefaultTangentSuffix) {
			d.errorAt(o.SuffixPos, "suffix: %s is the same as tangent_suffix %s (the default); tangent and adjoint names would clash", quote(suf), quote(DefaultTangentSuffix))
		}
	case tsufSet:
		if strings.EqualFold(tsuf, DefaultSuffix) {
			d.errorAt(o.TangentSuffixPos, "tangent_suffix: %s is the same as suffix %s (the default); tangent and adjoint names would clash", quote(tsuf), quote(DefaultSuffix))
		}
	}
}

func (d *decoder) targets(e entry, s *Spec) {
	items, ok := d.seq(e.val, "targets", "a list of targets")
	if !ok {
		return
	}
	if len(items) == 0 {
		d.errorf(e.val, "targets: expected at least one target")
		return
	}
	first := make(map[string]*Target)
	for _, it := range items {
		if n := d.value(it); n.Kind == yaml.ScalarNode && n.ShortTag() == "!!str" {
			d.errorf(it, "targets: expected a mapping, found %s (write '- routine: %s')", quote(n.Value), n.Value)
			continue
		}
		t := d.target(it)
		if t == nil {
			continue
		}
		if t.Name != "" {
			q := t.QualifiedName()
			if f, dup := first[q]; dup {
				d.errorAt(t.RoutinePos, "targets: routine %s is listed twice (first at line %d)", quote(t.Routine), f.RoutinePos.Line)
				continue
			}
			first[q] = t
		}
		s.Targets = append(s.Targets, t)
	}
}

func (d *decoder) target(at *yaml.Node) *Target {
	m := d.mapping(at, secTarget, "targets")
	if m == nil {
		return nil
	}
	t := &Target{Pos: d.pos(at)}
	if e, ok := m["routine"]; ok {
		if s, p, ok := d.str(e.val, "routine"); ok {
			if mod, name, problem := parseQualified(s, "module"); problem != "" {
				d.errorAt(p, "routine: %s", problem)
			} else {
				t.Routine, t.RoutinePos, t.Module, t.Name = strings.TrimSpace(s), p, mod, name
			}
		}
	}
	if e, ok := m["mode"]; ok {
		if v, p, ok := d.enum(e.val, "mode", Modes); ok {
			t.Mode, t.ModePos = Mode(v), p
		}
	}
	if e, ok := m["independents"]; ok {
		t.Independents, t.IndependentsPos = d.vars(e, "independents")
	}
	if e, ok := m["dependents"]; ok {
		t.Dependents, t.DependentsPos = d.vars(e, "dependents")
	}
	if e, ok := m["strategy"]; ok {
		if v, p, ok := d.enum(e.val, "strategy", Strategies); ok {
			t.Strategy, t.StrategyPos = Strategy(v), p
		}
	}
	d.strategyOverrides(m, t)
	d.strategyRegions(m, t)
	d.weights(m, t)
	d.recomputeSnapshots(m, t)
	if e, ok := m["calls"]; ok {
		if v, p, ok := d.enum(e.val, "calls", CallModes); ok {
			t.Calls, t.CallsPos = CallMode(v), p
		}
	}
	if e, ok := m["call_overrides"]; ok {
		first := make(map[string]*yaml.Node)
		d.freeMap(e, "call_overrides", func(k *yaml.Node, key string, v *yaml.Node) {
			mod, name, problem := parseQualified(key, "module")
			if problem != "" {
				d.errorf(k, "call_overrides: %s", problem)
				return
			}
			q := qualify(mod, name)
			if f, dup := first[q]; dup {
				d.errorf(k, "call_overrides: %s is listed twice (first at line %d)", quote(key), f.Line)
				return
			}
			first[q] = k
			if c, p, ok := d.enum(v, "call_overrides", CallModes); ok {
				t.CallOverrides = append(t.CallOverrides, CallOverride{
					Callee: strings.TrimSpace(key), Pos: d.pos(k), Module: mod, Name: name, Calls: CallMode(c), CallsPos: p,
				})
			}
		})
	}
	if e, ok := m["checkpoints"]; ok {
		if items, ok := d.seq(e.val, "checkpoints", "a list of checkpoints"); ok {
			for _, it := range items {
				if c, ok := d.checkpoint(it); ok {
					t.Checkpoints = append(t.Checkpoints, c)
				}
			}
		}
	}
	if e, ok := m["fixed_point"]; ok {
		if items, ok := d.seq(e.val, "fixed_point", "a list of fixed-point loops"); ok {
			for _, it := range items {
				if fp, ok := d.fixedPoint(it); ok {
					t.FixedPoint = append(t.FixedPoint, fp)
				}
			}
		}
	}
	if t.Mode == Tangent {
		for _, f := range secTarget.fields {
			if e, ok := m[f.key]; ok && reverseOnly[f.key] {
				d.errorf(e.key, "%s has no effect in tangent mode; remove it or set mode to reverse or both", f.key)
			}
		}
	}
	d.crossCheck(t)
	return t
}

// reverseOnly are the target keys that only adjoint code uses.
var reverseOnly = map[string]bool{
	"strategy": true, "recompute_cost": true, "store_cost": true, "recompute_snapshots": true, "strategy_overrides": true, "strategy_regions": true, "calls": true, "call_overrides": true, "checkpoints": true, "fixed_point": true,
}

// callSite decodes in, at and label of a checkpoint, which narrow a
// checkpointed call to some of its sites, or name a checkpointed loop
// (call is false for a loop: in is then its routine).
func (d *decoder) callSite(m map[string]entry, c *Checkpoint, call bool) bool {
	ok := true
	if e, has := m["in"]; has {
		if s, p, good := d.str(e.val, "in"); !good {
			ok = false
		} else if scope, name, problem := parseQualified(s, "module"); problem != "" {
			d.errorAt(p, "in: %s", problem)
			ok = false
		} else {
			c.In, c.InPos, c.InScope, c.InName = strings.TrimSpace(s), p, scope, name
		}
	}
	if e, has := m["at"]; has {
		if v, p, good := d.intMin(e.val, "at", 1); good {
			c.At, c.AtPos = v, p
		} else {
			ok = false
		}
	}
	if e, has := m["label"]; has {
		if v, p, good := d.intMin(e.val, "label", 1); good {
			c.Label, c.LabelPos = v, p
		} else {
			ok = false
		}
	}
	return ok
}

// Specificity is how narrowly a call checkpoint names its sites: 0 for
// every call of the routine, 1 with in, 2 with at or label.
func (c *Checkpoint) Specificity() int {
	switch {
	case c.At != 0 || c.Label != 0:
		return 2
	case c.In != "":
		return 1
	}
	return 0
}

// crossCheck checks the checkpoints and fixed-point loops of a target
// against each other and against the call overrides.
func (d *decoder) crossCheck(t *Target) {
	calls := make(map[string]*Checkpoint)
	loops := make(map[string]*Checkpoint)
	for i := range t.Checkpoints {
		c := &t.Checkpoints[i]
		if c.Call != "" {
			q := qualify(c.Scope, c.Name) + fmt.Sprintf(" in=%s at=%d label=%d", qualify(c.InScope, c.InName), c.At, c.Label)
			if f, dup := calls[q]; dup {
				d.errorAt(c.CallPos, "checkpoints: call %s is listed twice (first at line %d)", quote(c.Call), f.CallPos.Line)
				continue
			}
			calls[q] = c
			for _, o := range t.CallOverrides {
				if c.Specificity() > 0 {
					break // some sites of a split callee may be checkpointed
				}
				if o.Calls == Split && (matchQualified(o.Module, o.Name, qualify(c.Scope, c.Name)) || matchQualified(c.Scope, c.Name, qualify(o.Module, o.Name))) {
					d.errorAt(c.CallPos, "checkpoints: call %s is checkpointed, but call_overrides makes it split (line %d); a checkpointed call is reversed jointly", quote(c.Call), o.Pos.Line)
				}
			}
		} else if c.Loop != "" && c.Name != "" && c.At == 0 && c.Label == 0 {
			// Loops named otherwise: plan.Build finds duplicates.
			q := qualify(c.Scope, c.Name)
			if f, dup := loops[q]; dup {
				d.errorAt(c.LoopPos, "checkpoints: loop %s is listed twice (first at line %d)", quote(c.Loop), f.LoopPos.Line)
				continue
			}
			loops[q] = c
		}
	}
	fps := make(map[string]*FixedPoint)
	for i := range t.FixedPoint {
		fp := &t.FixedPoint[i]
		if fp.Name == "" {
			continue // named by control variable, line or label: plan.Build finds duplicates
		}
		q := qualify(fp.Routine, fp.Name)
		if f, dup := fps[q]; dup {
			d.errorAt(fp.LoopPos, "fixed_point: loop %s is listed twice (first at line %d)", quote(fp.Loop), f.LoopPos.Line)
			continue
		}
		fps[q] = fp
		if c, ok := loops[q]; ok {
			d.errorAt(fp.LoopPos, "fixed_point: loop %s is also a checkpoint (line %d); a fixed-point loop is reversed by its own adjoint iteration", quote(fp.Loop), c.LoopPos.Line)
		}
	}
}

// vars returns the variables of an independents or dependents list.
func (d *decoder) vars(e entry, name string) ([]Var, source.Position) {
	items, ok := d.strings(e.val, name)
	if !ok {
		return nil, source.Position{}
	}
	if len(d.value(e.val).Content) == 0 {
		d.errorf(e.val, "%s: expected at least one variable", name)
		return nil, source.Position{}
	}
	var out []Var
	for _, it := range items {
		r, problem := parseVarRef(it.Text)
		if problem != "" {
			d.errorAt(it.Pos, "%s: invalid variable %s: %s", name, quote(strings.TrimSpace(it.Text)), problem)
			continue
		}
		out = append(out, Var{Text: strings.TrimSpace(it.Text), Pos: it.Pos, Ref: r})
	}
	// No variable twice, and none inside another (x and x(1:n), p and p%a).
	keys := make(map[string]int) // canonical form -> index in out
	kept := out[:0]
	for _, v := range out {
		k := v.Ref.String()
		if j, dup := keys[k]; dup {
			f := kept[j]
			if f.Text == v.Text {
				d.errorAt(v.Pos, "%s: %s is listed twice (first at line %d)", name, quote(v.Text), f.Pos.Line)
			} else {
				d.errorAt(v.Pos, "%s: %s names the same variable as %s (line %d)", name, quote(v.Text), quote(f.Text), f.Pos.Line)
			}
			continue
		}
		keys[k] = len(kept)
		kept = append(kept, v)
	}
	out = kept
	reported := make(map[int]bool)
	for i, v := range out {
		for _, k := range wholes(v.Ref) {
			j, ok := keys[k]
			if !ok || j == i {
				continue
			}
			w := out[j] // a whole object that contains v
			switch {
			case j < i:
				d.errorAt(v.Pos, "%s: %s is part of %s (line %d)", name, quote(v.Text), quote(w.Text), w.Pos.Line)
			case !reported[j]:
				reported[j] = true
				d.errorAt(w.Pos, "%s: %s contains %s (line %d)", name, quote(w.Text), quote(v.Text), v.Pos.Line)
			}
			break
		}
	}
	return out, d.pos(e.val)
}

// wholes returns the canonical forms of the whole objects that contain r,
// other than r itself: for p%a%b(1:n) they are p, p%a and p%a%b.
func wholes(r VarRef) []string {
	w := r
	w.Section, w.OnBase = "", false
	var out []string
	if r.Section != "" {
		out = append(out, w.String())
	}
	for len(w.Path) > 0 {
		w.Path = w.Path[:len(w.Path)-1]
		out = append(out, w.String())
	}
	return out
}

func (d *decoder) checkpoint(at *yaml.Node) (Checkpoint, bool) {
	var c Checkpoint
	m := d.mapping(at, secCheckpoint, "checkpoints")
	if m == nil {
		return c, false
	}
	c.Pos = d.pos(at)
	ok := true
	ec, hasCall := m["call"]
	el, hasLoop := m["loop"]
	er, hasRegion := m["region"]
	var kinds []entry
	for _, e := range []struct {
		has bool
		e   entry
	}{{hasCall, ec}, {hasLoop, el}, {hasRegion, er}} {
		if e.has {
			kinds = append(kinds, e.e)
		}
	}
	switch {
	case len(kinds) > 1:
		sort.Slice(kinds, func(i, j int) bool {
			a, b := kinds[i].key, kinds[j].key
			return a.Line < b.Line || a.Line == b.Line && a.Column < b.Column
		})
		d.errorf(kinds[1].key, "a checkpoint has one of call, loop and region, not more")
		ok = false
	case len(kinds) == 0:
		d.errorf(at, "missing required key 'call', 'loop' or 'region' in checkpoint")
		ok = false
	case hasRegion:
		if s, p, good := d.str(er.val, "region"); !good {
			ok = false
		} else if scope, name, problem := parseQualified(s, "routine"); problem != "" {
			d.errorAt(p, "region: %s", problem)
			ok = false
		} else {
			c.Region, c.RegionPos, c.Scope, c.Name = strings.TrimSpace(s), p, scope, name
		}
	case hasCall:
		if s, p, good := d.str(ec.val, "call"); !good {
			ok = false
		} else if scope, name, problem := parseQualified(s, "module"); problem != "" {
			d.errorAt(p, "call: %s", problem)
			ok = false
		} else {
			c.Call, c.CallPos, c.Scope, c.Name = strings.TrimSpace(s), p, scope, name
		}
	case hasLoop:
		if s, p, good := d.str(el.val, "loop"); !good {
			ok = false
		} else if scope, name, v, problem := parseLoop(s); problem != "" {
			d.errorAt(p, "loop: %s", problem)
			ok = false
		} else {
			c.Loop, c.LoopPos, c.Scope, c.Name, c.Var = strings.TrimSpace(s), p, scope, name, v
			if v == "while" {
				// "do while": the DO WHILE that in, at or label narrow.
				c.Var, c.While = "", true
			}
		}
	}
	if !d.callSite(m, &c, hasCall && len(kinds) == 1) {
		ok = false
	}
	if (hasLoop || hasRegion) && len(kinds) == 1 && c.In != "" {
		// A loop's or region's routine: its qualification and in must agree.
		if c.Scope == "" {
			c.Scope = c.InName
		} else if c.Scope != c.InName {
			d.errorAt(c.InPos, "in: %s, but %s names routine %s", quote(c.In), map[bool]string{true: "loop", false: "region"}[hasLoop], quote(c.Scope))
			ok = false
		}
	}
	if hasRegion && len(kinds) == 1 {
		for _, k := range []string{"at", "label"} {
			if e, has := m[k]; has {
				d.errorf(e.key, "%s applies to calls and loops; a region is named by its name (and in)", k)
				ok = false
			}
		}
	}
	if e, has := m["snapshots"]; has {
		if n := d.value(e.val); n.Kind == yaml.ScalarNode && n.ShortTag() == "!!int" {
			d.errorf(e.val, "snapshots: expected lazy, eager or auto, found an integer (for a number of snapshots, write binomial: {snapshots: %s})", n.Value)
			ok = false
		} else if v, p, good := d.enum(e.val, "snapshots", SnapshotOptions); good {
			c.Snapshots, c.SnapshotsPos = Snapshots(v), p
		} else {
			ok = false
		}
	}
	if e, has := m["binomial"]; has {
		if hasCall && !hasLoop {
			d.errorf(e.key, "binomial applies to loops only; a call is checkpointed as a whole")
			ok = false
		}
		if hasRegion && !hasLoop {
			d.errorf(e.key, "binomial applies to loops only; a region is checkpointed as a whole")
			ok = false
		}
		if bm := d.mapping(e.val, secBinomial, "binomial"); bm != nil {
			b := &Binomial{Pos: d.pos(e.val)}
			if e, has := bm["snapshots"]; has {
				if v, p, good := d.intMin(e.val, "snapshots", 1); good {
					b.Snapshots, b.SnapshotsPos = v, p
				} else {
					ok = false
				}
			} else {
				ok = false
			}
			c.Binomial = b
		} else {
			ok = false
		}
	}
	return c, ok
}

func (d *decoder) fixedPoint(at *yaml.Node) (FixedPoint, bool) {
	var fp FixedPoint
	m := d.mapping(at, secFixedPoint, "fixed_point")
	if m == nil {
		return fp, false
	}
	fp.Pos = d.pos(at)
	ok := d.fixedPointLoop(at, m, &fp)
	for _, k := range []struct {
		key string
		to  *[]Path
		pos *source.Position
	}{{"state", &fp.State, &fp.StatePos}, {"parameters", &fp.Parameters, &fp.ParametersPos}} {
		if e, has := m[k.key]; has {
			if items, good := d.strings(e.val, k.key); good {
				*k.to, *k.pos = items, d.pos(e.val)
			} else {
				ok = false
			}
		}
	}
	for _, k := range []struct {
		key    string
		values []string
		set    func(string, source.Position)
	}{
		{"norm", FixedPointNorms, func(v string, p source.Position) { fp.Norm, fp.NormPos = Norm(v), p }},
		{"start", FixedPointStarts, func(v string, p source.Position) { fp.Start, fp.StartPos = Start(v), p }},
		{"stationarity", StationarityOptions, func(v string, p source.Position) { fp.Stationarity, fp.StationarityPos = Stationarity(v), p }},
	} {
		if e, has := m[k.key]; has {
			if v, p, good := d.enum(e.val, k.key, k.values); good {
				k.set(v, p)
			} else {
				ok = false
			}
		}
	}
	if e, has := m["tolerance"]; has {
		if v, p, good := d.positive(e.val, "tolerance", false); good {
			fp.Tolerance, fp.TolerancePos = v, p
		}
	}
	if e, has := m["max_iterations"]; has {
		if v, p, good := d.intMin(e.val, "max_iterations", 1); good {
			fp.MaxIterations, fp.MaxIterationsPos = v, p
		}
	}
	return fp, ok
}

// fixedPointLoop decodes how a fixed_point entry names its loop: loop
// (name, do v, qualified or not), in, at, label; at least one of loop,
// at and label.
func (d *decoder) fixedPointLoop(at *yaml.Node, m map[string]entry, fp *FixedPoint) bool {
	ok := true
	if e, has := m["loop"]; has {
		if s, p, good := d.str(e.val, "loop"); !good {
			ok = false
		} else if scope, name, v, problem := parseLoop(s); problem != "" {
			d.errorAt(p, "loop: %s", problem)
			ok = false
		} else {
			fp.Loop, fp.LoopPos, fp.Routine, fp.Name, fp.Var = strings.TrimSpace(s), p, scope, name, v
			if v == "while" {
				// "do while": the DO WHILE (in, at or label narrow it),
				// the usual form of a fixed-point iteration.
				fp.Var, fp.While = "", true
			}
		}
	}
	if e, has := m["in"]; has {
		if s, p, good := d.str(e.val, "in"); !good {
			ok = false
		} else if _, name, problem := parseQualified(s, "module"); problem != "" {
			d.errorAt(p, "in: %s", problem)
			ok = false
		} else {
			fp.In, fp.InPos = strings.TrimSpace(s), p
			if fp.Routine == "" {
				fp.Routine = name
			} else if fp.Routine != name {
				d.errorAt(p, "in: %s, but loop names routine %s", quote(s), quote(fp.Routine))
				ok = false
			}
		}
	}
	if e, has := m["at"]; has {
		if v, p, good := d.intMin(e.val, "at", 1); good {
			fp.At, fp.AtPos = v, p
		} else {
			ok = false
		}
	}
	if e, has := m["label"]; has {
		if v, p, good := d.intMin(e.val, "label", 1); good {
			fp.Label, fp.LabelPos = v, p
		} else {
			ok = false
		}
	}
	if _, has := m["loop"]; !has && fp.At == 0 && fp.Label == 0 && ok {
		d.errorf(at, "missing required key 'loop' in fixed_point (or 'at' or 'label')")
		ok = false
	}
	return ok
}

func (d *decoder) check(e entry, c *Check) {
	m := d.mapping(e.val, secCheck, "check")
	if m == nil {
		return
	}
	c.Pos = d.pos(e.val)
	if e, ok := m["seed"]; ok {
		if v, p, ok := d.integer(e.val, "seed"); ok {
			c.Seed, c.SeedPos = v, p
		}
	}
	if e, ok := m["samples"]; ok {
		if v, p, ok := d.intMin(e.val, "samples", 1); ok {
			c.Samples, c.SamplesPos = v, p
		}
	}
	if e, ok := m["fd_step"]; ok {
		if v, p, ok := d.positive(e.val, "fd_step", true); ok {
			c.FDStep, c.FDStepPos = v, p
		}
	}
	if e, ok := m["dot_tolerance"]; ok {
		if v, p, ok := d.positive(e.val, "dot_tolerance", false); ok {
			c.DotTolerance, c.DotTolerancePos = v, p
		}
	}
	if e, ok := m["fd_tolerance"]; ok {
		if v, p, ok := d.positive(e.val, "fd_tolerance", false); ok {
			c.FDTolerance, c.FDTolerancePos = v, p
		}
	}
	if e, ok := m["compiler"]; ok {
		if s, p, ok := d.str(e.val, "compiler"); ok {
			if strings.TrimSpace(s) == "" {
				d.errorAt(p, "compiler: empty")
			} else {
				c.Compiler, c.CompilerPos = s, p
			}
		}
	}
	if e, ok := m["flags"]; ok {
		if items, ok := d.strings(e.val, "flags"); ok {
			c.FlagsPos = d.pos(e.val)
			for _, it := range items {
				if it.Text == "" {
					d.errorAt(it.Pos, "flags: empty flag")
					continue
				}
				c.Flags = append(c.Flags, it.Text)
				c.FlagsAt = append(c.FlagsAt, it.Pos)
			}
		}
	}
	if e, ok := m["inputs"]; ok {
		d.freeMap(e, "inputs", func(k *yaml.Node, key string, v *yaml.Node) {
			// A component (cfg%n_g) is named by its path.
			for _, part := range strings.Split(key, "%") {
				if problem := checkName(part); problem != "" {
					d.errorf(k, "inputs: %s", problem)
					return
				}
			}
			for _, in := range c.Inputs {
				if strings.EqualFold(in.Name, key) {
					d.errorf(k, "inputs: %s is listed twice (first at line %d)", quote(key), in.Pos.Line)
					return
				}
			}
			if in, ok := d.input(v); ok {
				in.Name, in.Pos = strings.ToLower(key), d.pos(k)
				c.Inputs = append(c.Inputs, in)
			}
		})
	}
	if e, ok := m["shapes"]; ok {
		d.shapes(e, c)
	}
	if e, ok := m["setup"]; ok {
		first := make(map[string]*yaml.Node)
		d.freeMap(e, "setup", func(k *yaml.Node, key string, v *yaml.Node) {
			tmod, tname, problem := parseQualified(key, "module")
			if problem != "" {
				d.errorf(k, "setup: %s", problem)
				return
			}
			if f, dup := first[qualify(tmod, tname)]; dup {
				d.errorf(k, "setup: %s is listed twice (first at line %d)", quote(key), f.Line)
				return
			}
			first[qualify(tmod, tname)] = k
			r, p, ok := d.str(v, "setup")
			if !ok {
				return
			}
			mod, name, problem := parseQualified(r, "module")
			if problem != "" {
				d.errorAt(p, "setup: %s", problem)
				return
			}
			c.Setup = append(c.Setup, Setup{Target: key, Pos: d.pos(k), TargetModule: tmod, TargetName: tname,
				Routine: r, RoutinePos: p, Module: mod, Name: name})
		})
	}
}

// shapes decodes check.shapes: per variable (a component by its path)
// a list of dimensions, each an extent (a non-negative integer) or a
// string "hi" or "lo:hi" of integer expressions, which fadj check
// evaluates.
func (d *decoder) shapes(e entry, c *Check) {
	d.freeMap(e, "shapes", func(k *yaml.Node, key string, v *yaml.Node) {
		for _, part := range strings.Split(key, "%") {
			if problem := checkName(part); problem != "" {
				d.errorf(k, "shapes: %s", problem)
				return
			}
		}
		n := d.value(v)
		if n.Kind != yaml.SequenceNode || len(n.Content) == 0 {
			d.typeError(v, n, "shapes", "a list of dimensions (extents, or 'lo:hi')")
			return
		}
		sh := Shape{Name: strings.ToLower(key), Pos: d.pos(k)}
		for _, it := range n.Content {
			dn := d.value(it)
			switch {
			case dn.Kind == yaml.ScalarNode && dn.ShortTag() == "!!int":
				x, err := strconv.Atoi(dn.Value)
				if err != nil || x < 0 {
					d.errorf(it, "shapes: extent %s is not a non-negative integer", quote(dn.Value))
					return
				}
			case dn.Kind == yaml.ScalarNode && dn.ShortTag() == "!!str" && strings.TrimSpace(dn.Value) != "":
			default:
				d.typeError(it, dn, "shapes", "an extent (an integer) or bounds 'lo:hi'")
				return
			}
			sh.Dims = append(sh.Dims, ShapeDim{Text: strings.TrimSpace(dn.Value), Pos: d.pos(it)})
		}
		if len(sh.Dims) > 15 {
			d.errorf(v, "shapes: %d dimensions, Fortran allows at most 15", len(sh.Dims))
			return
		}
		c.Shapes = append(c.Shapes, sh)
	})
}

// input reads the value of one check.inputs entry: a number, a
// logical, a list of either, or a range {min, max}.
func (d *decoder) input(v *yaml.Node) (Input, bool) {
	const want = "a number, true or false, a list of them or a range {min: a, max: b}"
	in := Input{ValuePos: d.pos(v)}
	n := d.value(v)
	switch n.Kind {
	case yaml.ScalarNode:
		x, ok := d.inputValue(v, &in, true, want)
		in.Values, in.Integer = []float64{x}, in.Integers
		return in, ok
	case yaml.SequenceNode:
		in.List = true
		if len(n.Content) == 0 {
			d.errorf(v, "inputs: expected at least one value")
			return in, false
		}
		ok := true
		for i, it := range n.Content {
			x, good := d.inputValue(it, &in, i == 0, want)
			ok = ok && good
			in.Values = append(in.Values, x)
		}
		return in, ok
	case yaml.MappingNode:
		m := d.mapping(v, secRange, "inputs")
		r := &Range{Pos: d.pos(v)}
		ok := true
		for _, f := range []struct {
			key string
			val *float64
			pos *source.Position
		}{{"min", &r.Min, &r.MinPos}, {"max", &r.Max, &r.MaxPos}} {
			e, has := m[f.key]
			if !has {
				ok = false
				continue
			}
			x, p, good := d.number(e.val, f.key)
			*f.val, *f.pos = x, p
			ok = ok && good
		}
		if ok && r.Min > r.Max {
			d.errorAt(r.MaxPos, "max: %s is below min %s", d.value(m["max"].val).Value, d.value(m["min"].val).Value)
			ok = false
		}
		in.Range = r
		return in, ok
	}
	d.typeError(v, n, "inputs", want)
	return in, false
}

// inputValue reads one number or logical of a check.inputs value into
// in's flags (first: the first of a list, which sets whether it is
// logical); a logical is 1 or 0.
func (d *decoder) inputValue(v *yaml.Node, in *Input, first bool, want string) (float64, bool) {
	n := d.value(v)
	logical := n.Kind == yaml.ScalarNode && n.ShortTag() == "!!bool"
	if first {
		in.Logical, in.Integers = logical, !logical
	} else if logical != in.Logical {
		d.errorf(v, "inputs: a list mixes numbers and logicals")
		return 0, false
	}
	switch {
	case logical:
		b, err := strconv.ParseBool(strings.ToLower(n.Value))
		if err != nil {
			d.typeError(v, n, "inputs", want)
			return 0, false
		}
		if b {
			return 1, true
		}
		return 0, true
	case n.Kind != yaml.ScalarNode || n.ShortTag() != "!!int" && n.ShortTag() != "!!float":
		d.typeError(v, n, "inputs", want)
		return 0, false
	}
	in.Integers = in.Integers && n.ShortTag() == "!!int"
	x, _, ok := d.number(v, "inputs")
	return x, ok
}

// weights decodes strategy auto's weights recompute_cost and store_cost:
// positive numbers, and only with strategy: auto (the other strategies
// weigh nothing; a weight there would be silently ignored).
func (d *decoder) weights(m map[string]entry, t *Target) {
	for _, w := range []struct {
		key string
		v   *float64
		p   *source.Position
	}{{"recompute_cost", &t.RecomputeCost, &t.RecomputeCostPos}, {"store_cost", &t.StoreCost, &t.StoreCostPos}} {
		e, ok := m[w.key]
		if !ok {
			continue
		}
		v, p, ok := d.positive(e.val, w.key, false)
		if !ok {
			continue
		}
		if !t.usesAuto() {
			d.errorAt(p, "%s: only strategy: auto weighs recomputing against storing; set strategy: auto or remove it", w.key)
			continue
		}
		*w.v, *w.p = v, p
	}
}

// recomputeSnapshots decodes recompute_snapshots: an integer >= 1, only
// with strategy recompute or auto (which checkpoint time loops).
func (d *decoder) recomputeSnapshots(m map[string]entry, t *Target) {
	e, ok := m["recompute_snapshots"]
	if !ok {
		return
	}
	v, p, ok := d.intMin(e.val, "recompute_snapshots", 1)
	if !ok {
		return
	}
	if !t.usesRecompute() {
		d.errorAt(p, "recompute_snapshots: only strategy: recompute or auto checkpoints loops; set one of them or remove it")
		return
	}
	t.RecomputeSnapshots, t.RecomputeSnapshotsPos = v, p
}

// strategyOverrides decodes strategy_overrides: routine -> strategy.
func (d *decoder) strategyOverrides(m map[string]entry, t *Target) {
	e, ok := m["strategy_overrides"]
	if !ok {
		return
	}
	first := make(map[string]*yaml.Node)
	d.freeMap(e, "strategy_overrides", func(k *yaml.Node, key string, v *yaml.Node) {
		mod, name, problem := parseQualified(key, "module")
		if problem != "" {
			d.errorf(k, "strategy_overrides: %s", problem)
			return
		}
		q := qualify(mod, name)
		if f, dup := first[q]; dup {
			d.errorf(k, "strategy_overrides: %s is listed twice (first at line %d)", quote(key), f.Line)
			return
		}
		first[q] = k
		if s, p, ok := d.enum(v, "strategy_overrides", Strategies); ok {
			t.StrategyOverrides = append(t.StrategyOverrides, StrategyOverride{
				Routine: strings.TrimSpace(key), Pos: d.pos(k), Module: mod, Name: name, Strategy: Strategy(s), StrategyPos: p,
			})
		}
	})
}

// strategyRegions decodes strategy_regions: a list of {region, strategy}.
func (d *decoder) strategyRegions(m map[string]entry, t *Target) {
	e, ok := m["strategy_regions"]
	if !ok {
		return
	}
	items, ok := d.seq(e.val, "strategy_regions", "a list of regions with their strategies")
	if !ok {
		return
	}
	for _, it := range items {
		em := d.mapping(it, secStrategyRegion, "strategy_regions")
		if em == nil {
			continue
		}
		r := StrategyRegion{Pos: d.pos(it)}
		good := true
		if er, has := em["region"]; has {
			if s, p, ok := d.str(er.val, "region"); !ok {
				good = false
			} else if scope, name, problem := parseQualified(s, "routine"); problem != "" {
				d.errorAt(p, "region: %s", problem)
				good = false
			} else {
				r.Region, r.RegionPos, r.Scope, r.Name = strings.TrimSpace(s), p, scope, name
			}
		}
		if es, has := em["strategy"]; has {
			if v, p, ok := d.enum(es.val, "strategy", Strategies); ok {
				r.Strategy, r.StrategyPos = Strategy(v), p
			} else {
				good = false
			}
		}
		if good && r.Region != "" && r.Strategy != "" {
			t.StrategyRegions = append(t.StrategyRegions, r)
		}
	}
}
