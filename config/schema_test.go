package config

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"

	"gopkg.in/yaml.v3"
)

// The tests in this file keep four descriptions of the format in step:
// the key tables (keys.go), the Go types (yaml struct tags), the JSON
// Schema (schema/spec-v1.json) and the reference (docs/spec.md).

func loadSchema(t *testing.T) map[string]any {
	t.Helper()
	var s map[string]any
	if err := json.Unmarshal(SchemaV1, &s); err != nil {
		t.Fatalf("schema: %v", err)
	}
	return s
}

// sectionSchema returns the schema of a section: the root for the top
// level, $defs/<name> for the others.
func sectionSchema(t *testing.T, root map[string]any, sec *section) map[string]any {
	t.Helper()
	if sec == secSpec {
		return root
	}
	defs, _ := root["$defs"].(map[string]any)
	s, ok := defs[sec.name].(map[string]any)
	if !ok {
		t.Fatalf("schema has no $defs/%s", sec.name)
	}
	return s
}

// deref follows a local $ref ("#/$defs/x").
func deref(root map[string]any, s map[string]any) map[string]any {
	for i := 0; i < 10; i++ {
		ref, ok := s["$ref"].(string)
		if !ok {
			return s
		}
		// A schema with a $ref may add keywords of its own; those win.
		target := root["$defs"].(map[string]any)[strings.TrimPrefix(ref, "#/$defs/")].(map[string]any)
		merged := make(map[string]any)
		for k, v := range target {
			merged[k] = v
		}
		for k, v := range s {
			if k != "$ref" {
				merged[k] = v
			}
		}
		s = merged
	}
	return s
}

func sortedKeys(m map[string]any) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

func strs(v any) []string {
	var out []string
	l, _ := v.([]any)
	for _, x := range l {
		out = append(out, fmt.Sprint(x))
	}
	return out
}

// jsonEqual compares two values as JSON.
func jsonEqual(a, b any) bool {
	ja, _ := json.Marshal(a)
	jb, _ := json.Marshal(b)
	var va, vb any
	json.Unmarshal(ja, &va)
	json.Unmarshal(jb, &vb)
	return reflect.DeepEqual(va, vb)
}

var kindType = map[kind]string{
	kString: "string", kInteger: "integer", kNumber: "number", kStringList: "array",
	kSection: "object", kSectionList: "array", kMap: "object", kInputMap: "object", kBool: "boolean", kShapeMap: "object",
}

func TestSchemaMatchesKeys(t *testing.T) {
	root := loadSchema(t)
	if root["$schema"] != "https://json-schema.org/draft/2020-12/schema" {
		t.Errorf("$schema = %v", root["$schema"])
	}
	referenced := map[string]bool{"spec": true}
	for _, sec := range sections {
		s := sectionSchema(t, root, sec)
		props, _ := s["properties"].(map[string]any)
		if got, want := sortedKeys(props), slices.Sorted(slices.Values(sec.keys())); !slices.Equal(got, want) {
			t.Errorf("%s: schema keys %v, Go keys %v", sec.name, got, want)
		}
		var req []string
		for _, f := range sec.fields {
			if f.required {
				req = append(req, f.key)
			}
		}
		if got := strs(s["required"]); !slices.Equal(slices.Sorted(slices.Values(got)), slices.Sorted(slices.Values(req))) {
			t.Errorf("%s: schema requires %v, Go requires %v", sec.name, got, req)
		}
		if s["additionalProperties"] != false {
			t.Errorf("%s: schema allows unknown keys", sec.name)
		}
		if s["type"] != "object" {
			t.Errorf("%s: schema type %v", sec.name, s["type"])
		}
		for _, f := range sec.fields {
			raw, ok := props[f.key].(map[string]any)
			if !ok {
				continue // reported above
			}
			p := deref(root, raw)
			where := sec.name + "." + f.key
			if p["type"] != kindType[f.kind] {
				t.Errorf("%s: schema type %v, Go %v", where, p["type"], kindType[f.kind])
			}
			switch f.kind {
			case kString:
				if got := strs(p["enum"]); !slices.Equal(got, f.enum) {
					t.Errorf("%s: schema enum %v, Go %v", where, got, f.enum)
				}
			case kStringList:
				if items := deref(root, p["items"].(map[string]any)); items["type"] != "string" {
					t.Errorf("%s: items are %v", where, items["type"])
				}
			case kSection:
				referenced[f.section] = true
				if raw["$ref"] != "#/$defs/"+f.section {
					t.Errorf("%s: $ref %v, want section %s", where, raw["$ref"], f.section)
				}
			case kSectionList:
				referenced[f.section] = true
				if items := p["items"].(map[string]any); items["$ref"] != "#/$defs/"+f.section {
					t.Errorf("%s: items $ref %v, want section %s", where, items["$ref"], f.section)
				}
			case kMap:
				add, _ := p["additionalProperties"].(map[string]any)
				if f.enum != nil {
					if got := strs(add["enum"]); !slices.Equal(got, f.enum) {
						t.Errorf("%s: schema values %v, Go %v", where, got, f.enum)
					}
				} else if !slices.Contains(strs(add["type"]), "string") && add["$ref"] != "#/$defs/qualified" {
					t.Errorf("%s: schema values %v", where, add)
				}
			case kInputMap:
				// A number, a list of numbers, or the range section.
				referenced[f.section] = true
				add, _ := p["additionalProperties"].(map[string]any)
				var kinds []string
				for _, alt := range add["oneOf"].([]any) {
					a := alt.(map[string]any)
					switch {
					case a["$ref"] != nil:
						kinds = append(kinds, fmt.Sprint(a["$ref"]))
					case a["type"] == "array":
						kinds = append(kinds, "array of "+fmt.Sprint(a["items"].(map[string]any)["type"]))
					default:
						kinds = append(kinds, fmt.Sprint(a["type"]))
					}
				}
				if want := []string{"number", "boolean", "array of number", "array of boolean", "#/$defs/" + f.section}; !slices.Equal(kinds, want) {
					t.Errorf("%s: schema values %v, want %v", where, kinds, want)
				}
			}
			if f.kind == kSection || f.kind == kSectionList {
				if sectionNamed(f.section) == nil {
					t.Errorf("%s: no section %s", where, f.section)
				}
			}
			def, hasDef := p["default"]
			switch {
			case f.def == nil && hasDef:
				t.Errorf("%s: schema default %v, Go has none", where, def)
			case f.def != nil && !jsonEqual(def, f.def):
				t.Errorf("%s: schema default %v, Go %v", where, def, f.def)
			}
		}
	}
	for _, sec := range sections {
		if !referenced[sec.name] {
			t.Errorf("section %s is not used", sec.name)
		}
	}
}

// sectionTypes are the Go types of the sections.
var sectionTypes = map[string]reflect.Type{
	"spec":            reflect.TypeFor[Spec](),
	"output":          reflect.TypeFor[Output](),
	"target":          reflect.TypeFor[Target](),
	"checkpoint":      reflect.TypeFor[Checkpoint](),
	"binomial":        reflect.TypeFor[Binomial](),
	"fixed_point":     reflect.TypeFor[FixedPoint](),
	"check":           reflect.TypeFor[Check](),
	"range":           reflect.TypeFor[Range](),
	"strategy_region": reflect.TypeFor[StrategyRegion](),
}

// TestStructTagsMatchKeys checks that each section's Go type has a field
// tagged with each key, of a matching type, and no field that is neither
// a key, a position (...Pos) nor derived (yaml:"-").
func TestStructTagsMatchKeys(t *testing.T) {
	pathT, varT := reflect.TypeFor[Path](), reflect.TypeFor[Var]()
	for _, sec := range sections {
		typ, ok := sectionTypes[sec.name]
		if !ok {
			t.Errorf("no Go type for section %s", sec.name)
			continue
		}
		var tagged []string
		for i := 0; i < typ.NumField(); i++ {
			sf := typ.Field(i)
			tag := sf.Tag.Get("yaml")
			switch {
			case tag == "" && strings.HasSuffix(sf.Name, "Pos"):
				continue
			case tag == "":
				t.Errorf("%s.%s: no yaml tag (a key? then add it to keys.go, the schema and docs/spec.md; else tag it yaml:\"-\")", typ.Name(), sf.Name)
				continue
			case tag == "-":
				continue
			}
			tagged = append(tagged, tag)
			f := sec.field(tag)
			if f == nil {
				t.Errorf("%s.%s: key %q is not in section %s", typ.Name(), sf.Name, tag, sec.name)
				continue
			}
			ft := sf.Type
			elem := ft
			if ft.Kind() == reflect.Slice || ft.Kind() == reflect.Pointer {
				elem = ft.Elem()
			}
			var good bool
			switch f.kind {
			case kString:
				good = ft.Kind() == reflect.String || ft == pathT
			case kInteger:
				good = ft.Kind() == reflect.Int || ft.Kind() == reflect.Int64
			case kNumber:
				good = ft.Kind() == reflect.Float64
			case kBool:
				good = ft.Kind() == reflect.Bool
			case kStringList:
				good = ft.Kind() == reflect.Slice && (elem.Kind() == reflect.String || elem == pathT || elem == varT)
			case kSection:
				good = elem.Kind() == reflect.Struct && elem == sectionTypes[f.section]
			case kSectionList:
				e := elem
				if e.Kind() == reflect.Pointer {
					e = e.Elem()
				}
				good = ft.Kind() == reflect.Slice && e == sectionTypes[f.section]
			case kMap, kInputMap, kShapeMap:
				good = ft.Kind() == reflect.Slice && elem.Kind() == reflect.Struct
			}
			if !good {
				t.Errorf("%s.%s: Go type %v does not fit %s", typ.Name(), sf.Name, ft, kindType[f.kind])
			}
		}
		if got, want := slices.Sorted(slices.Values(tagged)), slices.Sorted(slices.Values(sec.keys())); !slices.Equal(got, want) {
			t.Errorf("%s: tagged keys %v, section keys %v", typ.Name(), got, want)
		}
	}
}

// validator is a minimal JSON Schema (2020-12) validator: the keywords
// spec-v1.json uses, and an error for any other.
type validator struct {
	root map[string]any
}

var annotations = map[string]bool{"$schema": true, "$id": true, "$defs": true, "title": true, "description": true, "default": true}

func (v *validator) validate(schema any, x any, at string) []string {
	switch s := schema.(type) {
	case bool:
		if !s {
			return []string{at + ": not allowed"}
		}
		return nil
	case map[string]any:
		var errs []string
		fail := func(format string, args ...any) { errs = append(errs, at+": "+fmt.Sprintf(format, args...)) }
		for _, k := range sortedKeys(s) {
			kw := s[k]
			switch k {
			case "$ref":
				ref := strings.TrimPrefix(kw.(string), "#/$defs/")
				errs = append(errs, v.validate(v.root["$defs"].(map[string]any)[ref], x, at)...)
			case "type":
				types := strs(kw)
				if str, ok := kw.(string); ok {
					types = []string{str}
				}
				if !slices.Contains(types, jsonType(x)) && !(jsonType(x) == "integer" && slices.Contains(types, "number")) {
					fail("type %s, want %v", jsonType(x), types)
				}
			case "const":
				if !jsonEqual(x, kw) {
					fail("%v is not %v", x, kw)
				}
			case "enum":
				if !slices.ContainsFunc(kw.([]any), func(e any) bool { return jsonEqual(x, e) }) {
					fail("%v is not one of %v", x, kw)
				}
			case "properties":
				if m, ok := x.(map[string]any); ok {
					for name, sub := range kw.(map[string]any) {
						if val, ok := m[name]; ok {
							errs = append(errs, v.validate(sub, val, at+"."+name)...)
						}
					}
				}
			case "additionalProperties":
				if m, ok := x.(map[string]any); ok {
					props, _ := s["properties"].(map[string]any)
					for _, name := range sortedKeys(m) {
						if _, ok := props[name]; !ok {
							errs = append(errs, v.validate(kw, m[name], at+"."+name)...)
						}
					}
				}
			case "propertyNames":
				if m, ok := x.(map[string]any); ok {
					for _, name := range sortedKeys(m) {
						errs = append(errs, v.validate(kw, name, at+"["+name+"]")...)
					}
				}
			case "required":
				if m, ok := x.(map[string]any); ok {
					for _, name := range strs(kw) {
						if _, ok := m[name]; !ok {
							fail("missing %s", name)
						}
					}
				}
			case "dependentRequired":
				if m, ok := x.(map[string]any); ok {
					for name, deps := range kw.(map[string]any) {
						if _, ok := m[name]; ok {
							for _, dep := range strs(deps) {
								if _, ok := m[dep]; !ok {
									fail("%s needs %s", name, dep)
								}
							}
						}
					}
				}
			case "items":
				if l, ok := x.([]any); ok {
					for i, it := range l {
						errs = append(errs, v.validate(kw, it, fmt.Sprintf("%s[%d]", at, i))...)
					}
				}
			case "minItems":
				if l, ok := x.([]any); ok && float64(len(l)) < kw.(float64) {
					fail("fewer than %v items", kw)
				}
			case "minLength":
				if str, ok := x.(string); ok && float64(len([]rune(str))) < kw.(float64) {
					fail("shorter than %v", kw)
				}
			case "pattern":
				if str, ok := x.(string); ok && !regexp.MustCompile(kw.(string)).MatchString(str) {
					fail("%q does not match %s", str, kw)
				}
			case "minimum", "exclusiveMinimum", "exclusiveMaximum":
				if f, ok := number(x); ok {
					lim := kw.(float64)
					if k == "minimum" && f < lim || k == "exclusiveMinimum" && f <= lim || k == "exclusiveMaximum" && f >= lim {
						fail("%v violates %s %v", x, k, lim)
					}
				}
			case "not":
				if len(v.validate(kw, x, at)) == 0 {
					fail("matches a schema it must not match")
				}
			case "oneOf":
				n := 0
				for _, sub := range kw.([]any) {
					if len(v.validate(sub, x, at)) == 0 {
						n++
					}
				}
				if n != 1 {
					fail("matches %d of oneOf", n)
				}
			case "if":
				branch := "then"
				if len(v.validate(kw, x, at)) != 0 {
					branch = "else"
				}
				if sub, ok := s[branch]; ok {
					errs = append(errs, v.validate(sub, x, at)...)
				}
			case "then", "else":
			default:
				if !annotations[k] {
					fail("validator does not know keyword %s", k)
				}
			}
		}
		return errs
	}
	return []string{fmt.Sprintf("%s: schema is %T", at, schema)}
}

func jsonType(x any) string {
	switch v := x.(type) {
	case nil:
		return "null"
	case bool:
		return "boolean"
	case string:
		return "string"
	case int, int64, uint64:
		return "integer"
	case float64:
		_ = v
		return "number"
	case []any:
		return "array"
	case map[string]any:
		return "object"
	}
	return fmt.Sprintf("%T", x)
}

func number(x any) (float64, bool) {
	switch v := x.(type) {
	case int:
		return float64(v), true
	case int64:
		return float64(v), true
	case uint64:
		return float64(v), true
	case float64:
		return v, true
	}
	return 0, false
}

// yamlValue decodes YAML as JSON-like values.
func yamlValue(src string) (any, error) {
	var x any
	if err := yaml.Unmarshal([]byte(src), &x); err != nil {
		return nil, err
	}
	return normalize(x), nil
}

func normalize(x any) any {
	switch v := x.(type) {
	case map[string]any:
		for k, e := range v {
			v[k] = normalize(e)
		}
		return v
	case map[any]any:
		m := make(map[string]any)
		for k, e := range v {
			m[fmt.Sprint(k)] = normalize(e)
		}
		return m
	case []any:
		for i, e := range v {
			v[i] = normalize(e)
		}
		return v
	}
	return x
}

func TestSchemaValidatesExamples(t *testing.T) {
	root := loadSchema(t)
	v := &validator{root: root}
	check := func(name, src string, wantValid bool) {
		t.Helper()
		x, err := yamlValue(src)
		if err != nil {
			t.Errorf("%s: %v", name, err)
			return
		}
		errs := v.validate(root, x, "spec")
		if wantValid && len(errs) > 0 {
			t.Errorf("%s: schema rejects a good spec:\n%s", name, strings.Join(errs, "\n"))
		}
		if !wantValid && len(errs) == 0 {
			t.Errorf("%s: schema accepts a bad spec", name)
		}
		for _, e := range errs {
			if strings.Contains(e, "validator does not know") {
				t.Error(e)
			}
		}
	}
	for _, c := range goodSpecs {
		check(c.name, c.src, true)
	}
	files, _ := filepath.Glob("testdata/*.yaml")
	for _, f := range files {
		check(f, mustRead(f), true)
	}
	for i, ex := range docExamples(t) {
		check(fmt.Sprintf("docs/spec.md example %d", i+1), ex, true)
	}
	n := 0
	for _, c := range badSpecs {
		if c.schema {
			n++
			if c.src == "" || strings.HasPrefix(c.src, "#") {
				continue // YAML has no document to validate
			}
			check(c.name, c.src, false)
		}
	}
	if n < 25 {
		t.Errorf("only %d bad specs are checked against the schema", n)
	}
}

// docExamples returns the ```yaml blocks of docs/spec.md.
func docExamples(t *testing.T) []string {
	t.Helper()
	data, err := os.ReadFile("../docs/spec.md")
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, block := range strings.Split(string(data), "```yaml\n")[1:] {
		body, _, ok := strings.Cut(block, "```")
		if !ok {
			t.Fatal("unterminated yaml block in docs/spec.md")
		}
		out = append(out, body)
	}
	if len(out) == 0 {
		t.Fatal("no examples in docs/spec.md")
	}
	return out
}

// formatDefault formats a default as docs/spec.md writes it.
func formatDefault(v any) string {
	switch d := v.(type) {
	case float64:
		s := strconv.FormatFloat(d, 'g', -1, 64)
		return regexp.MustCompile(`e([-+])0*(\d)`).ReplaceAllString(s, "e$1$2")
	}
	return fmt.Sprint(v)
}

// TestDocs checks that docs/spec.md has a table row for every key, with
// its default, and that its examples are good specs.
func TestDocs(t *testing.T) {
	data, err := os.ReadFile("../docs/spec.md")
	if err != nil {
		t.Fatal(err)
	}
	doc := string(data)
	for _, sec := range sections {
		// Each section has a heading "### name" (the top level: "## Top level")
		// followed by a table of its keys.
		heading := "\n### `" + sec.name + "`"
		if sec == secSpec {
			heading = "\n## Top level"
		}
		i := strings.Index(doc, heading)
		if i < 0 {
			t.Errorf("docs/spec.md: no heading %q", strings.TrimSpace(heading))
			continue
		}
		body := doc[i+len(heading):]
		if j := strings.Index(body, "\n#"); j >= 0 {
			body = body[:j]
		}
		for _, f := range sec.fields {
			row := ""
			for _, line := range strings.Split(body, "\n") {
				if strings.HasPrefix(line, "| `"+f.key+"` |") {
					row = line
				}
			}
			if row == "" {
				t.Errorf("docs/spec.md: section %s has no row for `%s`", sec.name, f.key)
				continue
			}
			if f.def != nil && !strings.Contains(row, "`"+formatDefault(f.def)+"`") {
				t.Errorf("docs/spec.md: the row of %s.%s does not give the default `%s`", sec.name, f.key, formatDefault(f.def))
			}
			if f.required && !strings.Contains(row, "required") {
				t.Errorf("docs/spec.md: the row of %s.%s does not say it is required", sec.name, f.key)
			}
			for _, e := range f.enum {
				if !strings.Contains(row, "`"+e+"`") {
					t.Errorf("docs/spec.md: the row of %s.%s does not list `%s`", sec.name, f.key, e)
				}
			}
		}
	}
	for i, ex := range docExamples(t) {
		if _, err := Parse("spec.yaml", []byte(ex)); err != nil {
			t.Errorf("docs/spec.md example %d:\n%s", i+1, errText(err))
		}
	}
}
