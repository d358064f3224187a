package sema

import (
	"strings"

	"github.com/fadj-dev/fadj/generator/fortran/ast"
)

// Intrinsic describes an intrinsic procedure.
type Intrinsic struct {
	Name      string
	Sub       bool     // a subroutine (else a function)
	Both      bool     // a GNU extension that is a function or a subroutine
	Elemental bool     // elemental: the result has the rank of the array arguments
	Args      []string // dummy argument names in order
	MinArgs   int      // number of arguments that are not optional
	Variadic  bool     // MAX, MIN: any number of further arguments
	// Out has bit i set when argument i is defined by the procedure
	// (INTENT(OUT) or INTENT(INOUT)).
	Out uint32
	// Module is the intrinsic module that provides the procedure, "" for
	// the standard intrinsics.
	Module string

	rule  resultRule
	fixed *Type
}

type resultRule uint8

const (
	rNone          resultRule = iota // subroutine
	rSame                            // type of the first argument
	rSameKind                        // type of the first argument, kind from KIND=
	rSameScalar                      // type of the first argument, scalar (huge, tiny, epsilon)
	rSameRank                        // type and rank of the first argument (cshift, eoshift)
	rAbs                             // abs: complex gives real
	rRealPart                        // aimag: real of the argument's kind
	rRealKind                        // real(a, kind)
	rIntKind                         // integer, kind from KIND= (elemental)
	rInt                             // default integer (elemental)
	rIntScalar                       // integer scalar, kind from KIND= if any (inquiry)
	rLogical                         // default logical (elemental)
	rLogicalKind                     // logical(l, kind)
	rLogicalScalar                   // default logical scalar
	rCharKind                        // char(i, kind): character(len=1)
	rChar1                           // character(len=1) scalar
	rCharScalar                      // character of unknown length, scalar
	rCmplx                           // cmplx(x, y, kind)
	rPromote                         // max, min, mod, iand, ...: the arithmetic result of all arguments
	rReduce                          // sum, product, maxval, minval
	rReduceLogical                   // any, all
	rReduceInt                       // count
	rReduceReal                      // norm2
	rLoc                             // maxloc, minloc, findloc
	rBound                           // lbound, ubound
	rShape                           // shape
	rDot                             // dot_product
	rMatmul                          // matmul
	rTranspose                       // transpose
	rReshape                         // reshape
	rSpread                          // spread
	rPack                            // pack
	rUnpack                          // unpack
	rNull                            // null
	rTransfer                        // transfer
	rFixed                           // a fixed type (specific names: dsqrt, float, ...), elemental
	rFixedScalar                     // a fixed type, scalar
)

var ruleNames = map[string]resultRule{
	"same": rSame, "samek": rSameKind, "sames": rSameScalar, "samer": rSameRank, "abs": rAbs,
	"realpart": rRealPart, "realk": rRealKind, "intk": rIntKind, "int": rInt, "ints": rIntScalar,
	"log": rLogical, "logk": rLogicalKind, "logs": rLogicalScalar, "char": rCharKind, "chars1": rChar1,
	"chars": rCharScalar, "cmplx": rCmplx, "promote": rPromote, "reduce": rReduce, "reducel": rReduceLogical,
	"reducei": rReduceInt, "reducer": rReduceReal, "loc": rLoc, "bound": rBound, "shape": rShape,
	"dot": rDot, "matmul": rMatmul, "transpose": rTranspose, "reshape": rReshape, "spread": rSpread,
	"pack": rPack, "unpack": rUnpack, "null": rNull, "transfer": rTransfer, "-": rNone,
}

// The intrinsic procedures of gfortran that fadj knows: name, result
// rule (fix:T / fixs:T for a fixed type), flags (e elemental, s
// subroutine, v variadic), and dummy argument names (? optional, !
// defined by the procedure).
const intrinsicTable = `
abs abs e a
achar char e i,?kind
acos same e x
acosh same e x
adjustl same e string
adjustr same e string
aimag realpart e z
aint samek e a,?kind
all reducel - mask,?dim
allocated logs - array
anint samek e a,?kind
any reducel - mask,?dim
asin same e x
asinh same e x
associated logs - pointer,?target
atan same e y,?x
atan2 same e y,x
atanh same e x
bessel_j0 same e x
bessel_j1 same e x
bessel_y0 same e x
bessel_y1 same e x
bit_size sames - i
btest log e i,pos
ceiling intk e a,?kind
char char e i,?kind
cmplx cmplx e x,?y,?kind
command_argument_count fixs:i4 -
conjg same e z
cos same e x
cosh same e x
count reducei - mask,?dim,?kind
cshift samer - array,shift,?dim
dble fix:r8 e a
dcmplx fix:c8 e x,?y
digits ints - x
dim same e x,y
dot_product dot - vector_a,vector_b
dprod fix:r8 e x,y
eoshift samer - array,shift,?boundary,?dim
epsilon sames - x
erf same e x
erfc same e x
exp same e x
exponent int e x
extends_type_of logs - a,mold
findloc loc - array,value,?dim,?mask,?kind,?back
float fix:r4 e a
floor intk e a,?kind
fraction same e x
gamma same e x
huge sames - x
hypot same e x,y
iachar intk e c,?kind
iand promote e i,j
ibclr same e i,pos
ibits same e i,pos,len
ibset same e i,pos
ichar intk e c,?kind
ieor promote e i,j
index intk e string,substring,?back,?kind
int intk e a,?kind
ior promote e i,j
ishft same e i,shift
ishftc same e i,shift,?size
is_contiguous logs - array
kind ints - x
lbound bound - array,?dim,?kind
leadz int e i
len ints - string,?kind
len_trim intk e string,?kind
lge log e string_a,string_b
lgt log e string_a,string_b
lle log e string_a,string_b
llt log e string_a,string_b
log same e x
log10 same e x
log_gamma same e x
logical logk e l,?kind
lshift same e i,shift
matmul matmul - matrix_a,matrix_b
max promote ev a1,a2
maxexponent ints - x
maxloc loc - array,?dim,?mask,?kind,?back
maxval reduce - array,?dim,?mask
merge same e tsource,fsource,mask
min promote ev a1,a2
minexponent ints - x
minloc loc - array,?dim,?mask,?kind,?back
minval reduce - array,?dim,?mask
mod promote e a,p
modulo promote e a,p
nearest same e x,s
new_line chars1 - a
nint intk e a,?kind
norm2 reducer - x,?dim
not same e i
null null - ?mold
pack pack - array,mask,?vector
popcnt int e i
poppar int e i
precision ints - x
present logs - a
product reduce - array,?dim,?mask
radix ints - x
range ints - x
real realk e a,?kind
repeat chars - string,ncopies
reshape reshape - source,shape,?pad,?order
rrspacing same e x
same_type_as logs - a,b
rshift same e i,shift
scale same e x,i
scan intk e string,set,?back,?kind
selected_char_kind ints - name
selected_int_kind ints - r
selected_real_kind ints - ?p,?r,?radix
set_exponent same e x,i
shape shape - source,?kind
sign same e a,b
sin same e x
sinh same e x
size ints - array,?dim,?kind
sngl fix:r4 e a
spacing same e x
spread spread - source,dim,ncopies
sqrt same e x
storage_size ints - a,?kind
sum reduce - array,?dim,?mask
tan same e x
tanh same e x
tiny sames - x
trailz int e i
transfer transfer - source,mold,?size
transpose transpose - matrix
trim chars - string
ubound bound - array,?dim,?kind
unpack unpack - vector,mask,field
verify intk e string,set,?back,?kind
dfloat fix:r8 e a
dreal fix:r8 e a
dimag fix:r8 e z
dconjg fix:c8 e z
alog fix:r4 e x
alog10 fix:r4 e x
amax0 fix:r4 ev a1,a2
amax1 fix:r4 ev a1,a2
amin0 fix:r4 ev a1,a2
amin1 fix:r4 ev a1,a2
amod fix:r4 e a,p
cabs fix:r4 e a
ccos fix:c4 e x
cexp fix:c4 e x
clog fix:c4 e x
csin fix:c4 e x
csqrt fix:c4 e x
cdabs fix:r8 e a
zabs fix:r8 e a
cdsqrt fix:c8 e x
cdexp fix:c8 e x
cdlog fix:c8 e x
dabs fix:r8 e a
dacos fix:r8 e x
dasin fix:r8 e x
datan fix:r8 e x
datan2 fix:r8 e y,x
dcos fix:r8 e x
dcosh fix:r8 e x
ddim fix:r8 e x,y
dexp fix:r8 e x
dint fix:r8 e a
dlog fix:r8 e x
dlog10 fix:r8 e x
dmax1 fix:r8 ev a1,a2
dmin1 fix:r8 ev a1,a2
dmod fix:r8 e a,p
dnint fix:r8 e a
dsign fix:r8 e a,b
dsin fix:r8 e x
dsinh fix:r8 e x
dsqrt fix:r8 e x
dtan fix:r8 e x
dtanh fix:r8 e x
iabs fix:i4 e a
idim fix:i4 e x,y
idint fix:i4 e a
idnint fix:i4 e a
ifix fix:i4 e a
isign fix:i4 e a,b
max0 fix:i4 ev a1,a2
max1 fix:i4 ev a1,a2
min0 fix:i4 ev a1,a2
min1 fix:i4 ev a1,a2
iargc fixs:i4 -
cpu_time - s !time
date_and_time - s ?!date,?!time,?!zone,?!values
random_number - s !harvest
random_seed - s ?!size,?put,?!get
system_clock - s ?!count,?!count_rate,?!count_max
get_command - s ?!command,?!length,?!status
get_command_argument - s number,?!value,?!length,?!status
get_environment_variable - s name,?!value,?!length,?!status,?trim_name
execute_command_line - s command,?wait,?!exitstat,?!cmdstat,?!cmdmsg
mvbits - s from,frompos,len,!to,topos
move_alloc - s !from,!to
getarg - s pos,!value
exit - s ?status
abort - s
flush - s ?unit
is_iostat_end log e i
is_iostat_eor log e i
erfc_scaled same e x
bessel_jn same e n,x
bessel_yn same e n,x
bge log e i,j
bgt log e i,j
ble log e i,j
blt log e i,j
shifta same e i,shift
shiftl same e i,shift
shiftr same e i,shift
maskl intk e i,?kind
maskr intk e i,?kind
merge_bits same e i,j,mask
iall reduce - array,?dim,?mask
iany reduce - array,?dim,?mask
iparity reduce - array,?dim,?mask
parity reducel - mask,?dim
imag realpart e z
realpart realpart e z
imagpart realpart e z
rand fix:r4 - ?i
irand fix:i4 - ?i
ran fix:r4 - !i
srand - s seed
second fixs:r4 b ?!time
secnds fix:r4 - x
etime fixs:r4 b !values,?!time
dtime fixs:r4 b !values,?!time
time fixs:i4 -
time8 fixs:i8 -
ctime chars b ?time,?!result
fdate chars b ?!date
getenv - s name,!value
getlog - s !name
hostnm fixs:i4 b !name,?!status
system fixs:i4 b command,?!status
sleep - s seconds
loc fixs:i8 - x
sizeof fixs:i8 - x
and promote - i,j
or promote - i,j
xor promote - i,j
lnblnk intk e string
derf fix:r8 e x
derfc fix:r8 e x
dgamma fix:r8 e x
dlgama fix:r8 e x
algama fix:r4 e x
`

var intrinsics = parseIntrinsics(intrinsicTable, "")

func parseIntrinsics(table, module string) map[string]*Intrinsic {
	m := make(map[string]*Intrinsic)
	for _, line := range strings.Split(table, "\n") {
		f := strings.Fields(line)
		if len(f) < 3 {
			continue
		}
		in := &Intrinsic{Name: f[0], Module: module}
		rule := f[1]
		if strings.HasPrefix(rule, "fix") {
			i := strings.IndexByte(rule, ':')
			in.fixed = fixedTypes[rule[i+1:]]
			if strings.HasPrefix(rule, "fixs") {
				in.rule = rFixedScalar
			} else {
				in.rule = rFixed
			}
		} else {
			r, ok := ruleNames[rule]
			if !ok {
				panic("sema: bad intrinsic rule " + rule)
			}
			in.rule = r
		}
		in.Elemental = strings.Contains(f[2], "e")
		in.Sub = strings.Contains(f[2], "s")
		in.Both = strings.Contains(f[2], "b")
		in.Variadic = strings.Contains(f[2], "v")
		if len(f) > 3 {
			for i, a := range strings.Split(f[3], ",") {
				opt := false
				for len(a) > 0 && (a[0] == '?' || a[0] == '!') {
					if a[0] == '?' {
						opt = true
					} else {
						in.Out |= 1 << i
					}
					a = a[1:]
				}
				if !opt {
					in.MinArgs = i + 1
				}
				in.Args = append(in.Args, a)
			}
		}
		m[in.Name] = in
	}
	return m
}

var fixedTypes = map[string]*Type{
	"i4": Int4, "i8": Int8, "r4": Real4, "r8": Real8, "c4": Complex4, "c8": Complex8, "l4": Logical4, "ch": CharN,
}

// LookupIntrinsic returns the standard intrinsic procedure named name
// (lower case), or nil.
func LookupIntrinsic(name string) *Intrinsic { return intrinsics[name] }

// argIndex returns the dummy index of the keyword name, or -1. For MAX
// and MIN, a3, a4, ... follow a1, a2.
func (in *Intrinsic) argIndex(name string) int {
	for i, a := range in.Args {
		if a == name {
			return i
		}
	}
	if in.Variadic && len(name) > 1 && name[0] == 'a' {
		n := 0
		for _, c := range name[1:] {
			if c < '0' || c > '9' {
				return -1
			}
			n = n*10 + int(c-'0')
		}
		if n >= 1 {
			return n - 1
		}
	}
	return -1
}

// matchIdx maps the actual arguments to the dummies: idx[i] is the
// index in actuals of dummy i's argument, or -1. ok is false when an
// argument matches no dummy or a dummy gets two.
func (in *Intrinsic) matchIdx(actuals []ast.Expr, buf []int) (idx []int, ok bool) {
	ok = true
	idx = buf[:0]
	for range in.Args {
		idx = append(idx, -1)
	}
	pos := 0
	for j, a := range actuals {
		if kw, isKw := a.(*ast.KeywordArg); isKw {
			name := ""
			if kw.Name != nil {
				name = strings.ToLower(kw.Name.Name)
			}
			i := in.argIndex(name)
			if i < 0 {
				ok = false
				continue
			}
			for len(idx) <= i {
				idx = append(idx, -1)
			}
			if idx[i] >= 0 {
				ok = false
				continue
			}
			idx[i] = j
			continue
		}
		if pos < len(idx) {
			if idx[pos] >= 0 {
				ok = false
			}
			idx[pos] = j
			pos++
		} else if in.Variadic {
			idx = append(idx, j)
			pos++
		} else {
			ok = false
		}
	}
	return idx, ok
}

// matchArgs is like matchIdx but returns the argument expressions (the
// value of a keyword argument), nil for an absent one.
func (in *Intrinsic) matchArgs(actuals []ast.Expr, buf []ast.Expr) ([]ast.Expr, bool) {
	var ib [8]int
	idx, ok := in.matchIdx(actuals, ib[:0])
	out := buf[:0]
	for _, j := range idx {
		if j < 0 {
			out = append(out, nil)
			continue
		}
		a := actuals[j]
		if kw, isKw := a.(*ast.KeywordArg); isKw {
			a = kw.Value
		}
		out = append(out, a)
	}
	return out, ok
}

// ----------------------------------------------------------------------------
// Intrinsic modules

const isoFortranEnv = `
int8 1
int16 2
int32 4
int64 8
real32 4
real64 8
real128 16
character_storage_size 8
file_storage_size 8
numeric_storage_size 32
input_unit 5
output_unit 6
error_unit 0
iostat_end -1
iostat_eor -2
iostat_inquire_internal_unit 99
`

const isoCBinding = `
c_int 4
c_short 2
c_long 8
c_long_long 8
c_signed_char 1
c_size_t 8
c_int8_t 1
c_int16_t 2
c_int32_t 4
c_int64_t 8
c_int_least8_t 1
c_int_least16_t 2
c_int_least32_t 4
c_int_least64_t 8
c_int_fast8_t 1
c_int_fast16_t 8
c_int_fast32_t 8
c_int_fast64_t 8
c_intmax_t 8
c_intptr_t 8
c_ptrdiff_t 8
c_float 4
c_double 8
c_long_double 10
c_float_complex 4
c_double_complex 8
c_long_double_complex 10
c_bool 1
c_char 1
`

var isoCChars = [...]struct {
	name string
	c    byte
}{{"c_null_char", 0}, {"c_alert", 7}, {"c_backspace", 8}, {"c_form_feed", 12}, {"c_new_line", 10},
	{"c_carriage_return", 13}, {"c_horizontal_tab", 9}, {"c_vertical_tab", 11}}

const ieeeClasses = `ieee_signaling_nan ieee_quiet_nan ieee_negative_inf ieee_negative_normal ieee_negative_denormal
ieee_negative_subnormal ieee_negative_zero ieee_positive_zero ieee_positive_subnormal ieee_positive_denormal
ieee_positive_normal ieee_positive_inf ieee_other_value`

const ieeeRounding = `ieee_nearest ieee_to_zero ieee_up ieee_down ieee_away ieee_other`

const ieeeFlags = `ieee_overflow ieee_divide_by_zero ieee_invalid ieee_underflow ieee_inexact`

const ieeeArithProcs = `
ieee_is_nan log e x
ieee_is_finite log e x
ieee_is_normal log e x
ieee_is_negative log e x
ieee_unordered log e x,y
ieee_value same e x,class
ieee_copy_sign same e x,y
ieee_next_after same e x,y
ieee_rem same e x,y
ieee_rint same e x
ieee_scalb same e x,i
ieee_logb same e x
ieee_support_nan logs - ?x
ieee_support_inf logs - ?x
ieee_support_datatype logs - ?x
ieee_support_denormal logs - ?x
ieee_support_sqrt logs - ?x
ieee_support_standard logs - ?x
ieee_support_rounding logs - round_value,?x
ieee_selected_real_kind ints - ?p,?r,?radix
ieee_get_rounding_mode - s !round_value
ieee_set_rounding_mode - s round_value
`

const ieeeExceptProcs = `
ieee_get_flag - s flag,!flag_value
ieee_set_flag - s flag,flag_value
ieee_get_halting_mode - s flag,!halting
ieee_set_halting_mode - s flag,halting
ieee_support_flag logs - flag,?x
ieee_support_halting logs - flag
`

const isoFortranEnvProcs = `
compiler_version chars -
compiler_options chars -
`

const isoCBindingProcs = `
c_associated logs - c_ptr_1,?c_ptr_2
c_f_pointer - s cptr,!fptr,?shape
c_f_procpointer - s cptr,!fptr
c_sizeof fixs:i8 - x
`

// intrinsicModule builds the symbols of an intrinsic module (once per
// Check), or returns nil if name is not one.
func (c *checker) intrinsicModule(name string) *Symbol {
	if m, ok := c.intrMods[name]; ok {
		return m
	}
	var m *Symbol
	switch name {
	case "iso_fortran_env", "iso_c_binding", "ieee_arithmetic", "ieee_exceptions", "ieee_features":
		m = &Symbol{Name: name, Kind: ModuleSym, ArgIndex: -1}
		sc := newScope(ModuleScope, nil, nil)
		sc.Symbol = m
		m.Inner = sc
		sc.exports = make(map[string]*Symbol)
		add := func(s *Symbol) {
			s.Owner = sc
			s.ArgIndex = -1
			sc.names[s.Name] = s
			sc.symbols = append(sc.symbols, s)
			sc.exports[s.Name] = s
		}
		addInts := func(table string) {
			for _, line := range strings.Split(table, "\n") {
				f := strings.Fields(line)
				if len(f) != 2 {
					continue
				}
				n := int64(0)
				neg := strings.HasPrefix(f[1], "-")
				for _, ch := range strings.TrimPrefix(f[1], "-") {
					n = n*10 + int64(ch-'0')
				}
				if neg {
					n = -n
				}
				v := intVal(n)
				add(&Symbol{Name: f[0], Kind: ConstSym, Type: Int4, Value: &v, Attrs: AttrParameter, declared: true})
			}
		}
		addType := func(tn string) *Type {
			ts := &Symbol{Name: tn, Kind: TypeSym, declared: true}
			ts.Type = &Type{Basic: DerivedType, Derived: ts}
			add(ts)
			return ts.Type
		}
		addConsts := func(list string, t *Type) {
			for _, n := range strings.Fields(list) {
				add(&Symbol{Name: n, Kind: ConstSym, Type: t, Attrs: AttrParameter, declared: true})
			}
		}
		addProcs := func(table string, fix map[string]*Type) {
			for _, in := range parseIntrinsics(table, name) {
				if t := fix[in.Name]; t != nil {
					in.fixed = t
					in.rule = rFixedScalar
				}
				form := FormFunction
				if in.Sub {
					form = FormSubroutine
				}
				add(&Symbol{Name: in.Name, Kind: ProcSym, Type: nil, Attrs: AttrIntrinsic,
					Proc: &Proc{Kind: ProcIntrinsic, Form: form, Intrinsic: in}})
			}
		}
		switch name {
		case "iso_fortran_env":
			addInts(isoFortranEnv)
			addProcs(isoFortranEnvProcs, nil)
		case "iso_c_binding":
			addInts(isoCBinding)
			for _, ch := range isoCChars {
				v := Value{Kind: CharValue, Str: string([]byte{ch.c})}
				add(&Symbol{Name: ch.name, Kind: ConstSym, Type: Char1, Value: &v, Attrs: AttrParameter, declared: true})
			}
			ptr := addType("c_ptr")
			fptr := addType("c_funptr")
			addConsts("c_null_ptr", ptr)
			addConsts("c_null_funptr", fptr)
			addProcs(isoCBindingProcs+"c_loc fixs:i8 - x\nc_funloc fixs:i8 - x\n",
				map[string]*Type{"c_loc": ptr, "c_funloc": fptr})
		case "ieee_arithmetic", "ieee_exceptions", "ieee_features":
			flag := addType("ieee_flag_type")
			addConsts(ieeeFlags, flag)
			addProcs(ieeeExceptProcs, nil)
			if name == "ieee_arithmetic" {
				cls := addType("ieee_class_type")
				rnd := addType("ieee_round_type")
				addConsts(ieeeClasses, cls)
				addConsts(ieeeRounding, rnd)
				addProcs(ieeeArithProcs+"ieee_class fixs:i4 e x\n", map[string]*Type{"ieee_class": cls})
				for _, s := range sc.symbols {
					if s.Name == "ieee_class" {
						s.Proc.Intrinsic.rule = rFixed
					}
				}
			}
		}
		for _, s := range sc.symbols {
			sc.exportList = append(sc.exportList, s)
			sc.exportNames = append(sc.exportNames, s.Name)
		}
	}
	c.intrMods[name] = m
	return m
}

// ----------------------------------------------------------------------------
// Result types

// intrinsicResult computes the type and rank of a reference to the
// intrinsic function in. args are the actual arguments in dummy order
// (nil when absent) with their types and ranks.
func (c *checker) intrinsicResult(in *Intrinsic, args []ast.Expr, types []*Type, ranks []int) (*Type, int) {
	t0 := Invalid
	r0 := 0
	if len(types) > 0 && types[0] != nil {
		t0 = types[0]
		r0 = ranks[0]
	}
	elemRank := 0
	if in.Elemental {
		for i, a := range args {
			if a != nil && ranks[i] > elemRank && (i >= len(in.Args) || in.Args[i] != "kind") {
				elemRank = ranks[i]
			}
		}
	}
	kindArg := func(def *Type, b Basic) *Type {
		for i, n := range in.Args {
			if n == "kind" && i < len(args) && args[i] != nil {
				if v, ok := c.info.constValue(args[i], c); ok && v.Kind == IntValue {
					if t := BasicType(b, int(v.Int)); t != nil {
						return t
					}
					c.errorf(posOf(args[i]), "kind %d is not supported for %s", v.Int, b)
					return def
				}
				c.errorf(posOf(args[i]), "kind parameter is not a constant")
				return def
			}
		}
		return def
	}
	dimGiven := func() bool {
		for i, n := range in.Args {
			if n == "dim" && i < len(args) && args[i] != nil {
				return true
			}
		}
		return false
	}
	reduceRank := func() int {
		if dimGiven() && r0 > 0 {
			return r0 - 1
		}
		return 0
	}
	switch in.rule {
	case rSame:
		return t0, elemRank
	case rSameKind:
		if t0.valid() {
			return kindArg(t0, t0.Basic), elemRank
		}
		return t0, elemRank
	case rSameScalar:
		return t0, 0
	case rSameRank:
		return t0, r0
	case rAbs:
		if t0.IsComplex() {
			return BasicType(RealType, t0.Kind), elemRank
		}
		return t0, elemRank
	case rRealPart:
		if t0.IsComplex() {
			return BasicType(RealType, t0.Kind), elemRank
		}
		return c.defReal, elemRank
	case rRealKind:
		def := c.defReal
		if t0.IsComplex() {
			def = BasicType(RealType, t0.Kind)
		}
		return kindArg(def, RealType), elemRank
	case rIntKind:
		return kindArg(c.defInt, IntegerType), elemRank
	case rInt:
		return c.defInt, elemRank
	case rIntScalar:
		return kindArg(c.defInt, IntegerType), 0
	case rLogical:
		return c.defLogical, elemRank
	case rLogicalKind:
		return kindArg(c.defLogical, LogicalType), elemRank
	case rLogicalScalar:
		return c.defLogical, 0
	case rCharKind:
		t := kindArg(CharN, CharacterType)
		if t.Kind == 1 {
			return Char1, elemRank
		}
		return &Type{Basic: CharacterType, Kind: t.Kind, Len: 1}, elemRank
	case rChar1:
		return Char1, 0
	case rCharScalar:
		return CharN, 0
	case rCmplx:
		def := c.defComplex
		if t0.IsComplex() {
			def = t0
		}
		return kindArg(def, ComplexType), elemRank
	case rPromote:
		var t *Type
		for i, a := range args {
			if a == nil || types[i] == nil {
				continue
			}
			ti := types[i]
			if t == nil {
				t = ti
				continue
			}
			if r := arithResult(t, ti); r != nil {
				t = r
			} else if t.IsCharacter() && ti.IsCharacter() {
				t = CharN
			}
		}
		if t == nil {
			t = Invalid
		}
		return t, elemRank
	case rReduce:
		return t0, reduceRank()
	case rReduceLogical:
		return kindArg(c.defLogical, LogicalType), reduceRank()
	case rReduceInt:
		return kindArg(c.defInt, IntegerType), reduceRank()
	case rReduceReal:
		if t0.IsComplex() {
			return BasicType(RealType, t0.Kind), reduceRank()
		}
		return t0, reduceRank()
	case rLoc:
		if dimGiven() {
			return kindArg(c.defInt, IntegerType), reduceRank()
		}
		return kindArg(c.defInt, IntegerType), 1
	case rBound:
		if dimGiven() {
			return kindArg(c.defInt, IntegerType), 0
		}
		return kindArg(c.defInt, IntegerType), 1
	case rShape:
		return kindArg(c.defInt, IntegerType), 1
	case rDot:
		if len(types) > 1 && types[1] != nil {
			if t0.IsLogical() {
				return t0, 0
			}
			if r := arithResult(t0, types[1]); r != nil {
				return r, 0
			}
		}
		return t0, 0
	case rMatmul:
		t := t0
		r1 := 0
		if len(types) > 1 && types[1] != nil {
			if r := arithResult(t0, types[1]); r != nil {
				t = r
			}
			r1 = ranks[1]
		}
		if r0 == 1 || r1 == 1 {
			return t, 1
		}
		return t, 2
	case rTranspose:
		return t0, 2
	case rReshape:
		return t0, c.shapeRank(args)
	case rSpread:
		return t0, r0 + 1
	case rPack:
		return t0, 1
	case rUnpack:
		if len(ranks) > 1 && args[1] != nil {
			return t0, ranks[1]
		}
		return t0, RankUnknown
	case rNull:
		if len(args) > 0 && args[0] != nil {
			return t0, r0
		}
		return Null, 0
	case rTransfer:
		t := Invalid
		if len(types) > 1 && types[1] != nil {
			t = types[1]
		}
		if len(args) > 2 && args[2] != nil {
			return t, 1
		}
		if len(ranks) > 1 && ranks[1] > 0 {
			return t, 1
		}
		return t, 0
	case rFixed:
		return in.fixed, elemRank
	case rFixedScalar:
		return in.fixed, 0
	}
	return nil, 0
}

// shapeRank returns the rank of RESHAPE's result from its SHAPE
// argument: the size of a rank-one constant array.
func (c *checker) shapeRank(args []ast.Expr) int {
	if len(args) < 2 || args[1] == nil {
		return RankUnknown
	}
	switch s := args[1].(type) {
	case *ast.ArrayConstructor:
		n := 0
		for _, it := range s.Items {
			if _, ok := it.(*ast.ImpliedDo); ok {
				return RankUnknown
			}
			if c.info.rank(it, c) > 0 {
				return RankUnknown
			}
			n++
		}
		return n
	case *ast.CallExpr:
		if call, ok := c.info.Calls[s]; ok && call.Kind == FunctionCall && call.Proc != nil &&
			call.Proc.Proc != nil && call.Proc.Proc.Intrinsic != nil && call.Proc.Proc.Intrinsic.Name == "shape" && len(s.Args) > 0 {
			a := s.Args[0]
			if kw, ok := a.(*ast.KeywordArg); ok {
				a = kw.Value
			}
			if r := c.info.rank(a, c); r >= 0 {
				return r
			}
		}
	case *ast.Ident:
		if sym := c.objectOf(s); sym != nil && len(sym.Dims) == 1 {
			if n, ok := sym.Dims[0].Extent(); ok {
				return int(n)
			}
		}
	}
	return RankUnknown
}
