package main

import (
	"bufio"
	"fmt"
	"math"
	"regexp"
	"strconv"
	"strings"
)

// A Jacobian holds the entries F(i,k) = dy_i/dx_k that an ad.out or
// dd.out file lists, indexed from 1.
type Jacobian struct {
	M, N int                // largest row and column seen
	At   map[[2]int]float64 // [i,k] -> value
}

// The suite's drivers write each entry as
//
//	write(2,'(A,I3,A,I3,A,EN26.16E3)') "F(",i,",",k,")=",value
//
// after a title line (" AD" or " DD"); our driver writes the same lines
// with ES format. I3 leaves blanks inside the parentheses.
var entryRE = regexp.MustCompile(`^\s*([A-Z])\(\s*(\d+)\s*,\s*(\d+)\s*\)\s*=\s*(\S+)\s*$`)

// ParseJacobian reads the F(i,k)= lines of an ad.out/dd.out text. Other
// lines (the title) are skipped; a malformed F line, a repeated entry or a
// value that is not a number (Fortran prints asterisks on overflow) is an
// error naming the line.
func ParseJacobian(name, text string) (Jacobian, error) {
	return parseEntries(name, text, "F")
}

// parseEntries reads the lines letter(i,k)=value; our driver writes its
// finite differences as D(i,k)= lines after the F(i,k)= lines.
func parseEntries(name, text, letter string) (Jacobian, error) {
	j := Jacobian{At: map[[2]int]float64{}}
	sc := bufio.NewScanner(strings.NewReader(text))
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		if !strings.HasPrefix(strings.TrimSpace(line), letter) {
			continue
		}
		m := entryRE.FindStringSubmatch(line)
		if m == nil || m[1] != letter {
			return j, fmt.Errorf("%s:%d: not an entry %s(i,k)=value: %q", name, n, letter, line)
		}
		i, _ := strconv.Atoi(m[2])
		k, _ := strconv.Atoi(m[3])
		v, err := strconv.ParseFloat(fortranFloat(m[4]), 64)
		if err != nil {
			return j, fmt.Errorf("%s:%d: bad value %q", name, n, m[4])
		}
		if i < 1 || k < 1 {
			return j, fmt.Errorf("%s:%d: index below 1", name, n)
		}
		key := [2]int{i, k}
		if _, dup := j.At[key]; dup {
			return j, fmt.Errorf("%s:%d: F(%d,%d) given twice", name, n, i, k)
		}
		j.At[key] = v
		j.M, j.N = max(j.M, i), max(j.N, k)
	}
	if err := sc.Err(); err != nil {
		return j, err
	}
	if len(j.At) == 0 {
		return j, fmt.Errorf("%s: no entries", name)
	}
	if len(j.At) != j.M*j.N {
		return j, fmt.Errorf("%s: %d entries for a %dx%d Jacobian", name, len(j.At), j.M, j.N)
	}
	return j, nil
}

// fortranFloat turns Fortran spellings Go does not read (1.0D+00, and
// exponents without a letter such as 1.0-100) into Go's.
func fortranFloat(s string) string {
	s = strings.NewReplacer("D", "E", "d", "e").Replace(s)
	if i := strings.LastIndexAny(s, "+-"); i > 0 && !strings.ContainsAny(s, "eE") && !strings.ContainsAny(strings.ToLower(s), "in") {
		s = s[:i] + "E" + s[i:]
	}
	return s
}

// Tolerance of the comparison with the reference: entries a and b agree if
//
//	|a - b| <= RelTol*max(|a|,|b|) + AbsTol*max(1, largest |entry| of the reference)
//
// The reference is printed with 17 significant digits and both codes use
// double precision, so 1e-8 leaves room for a different order of
// operations (and a few ulps lost to cancellation) while catching any
// wrong derivative rule; the absolute floor, scaled by the Jacobian's size,
// absorbs entries that are zero in exact arithmetic.
const (
	RelTol = 1e-8
	AbsTol = 1e-10
	// FDTol is the agreement asked of a Jacobian with the driver's
	// central finite differences (relative and absolute, as Compare
	// takes them) when params.conf's tolerance cannot tell two apart.
	FDTol = 1e-6
)

// A Mismatch is the worst entry where two Jacobians disagree.
type Mismatch struct {
	I, K      int
	Got, Want float64
	Count     int // entries that disagree
}

func (m *Mismatch) String() string {
	n := fmt.Sprintf("%d entries differ", m.Count)
	if m.Count == 1 {
		n = "1 entry differs"
	}
	return fmt.Sprintf("%s, worst F(%d,%d) = %.16g, reference %.16g", n, m.I, m.K, m.Got, m.Want)
}

// Compare checks got against want entry by entry with the tolerance
// above (rel, abs); it returns nil if all agree, or the worst entry. A
// difference in shape is an error.
func Compare(got, want Jacobian, rel, abs float64) (*Mismatch, error) {
	if got.M != want.M || got.N != want.N {
		return nil, fmt.Errorf("shape %dx%d, reference %dx%d", got.M, got.N, want.M, want.N)
	}
	scale := 1.0
	for _, v := range want.At {
		scale = math.Max(scale, math.Abs(v))
	}
	var worst *Mismatch
	worstExcess := 0.0
	count := 0
	for key, w := range want.At {
		g := got.At[key]
		diff := math.Abs(g - w)
		lim := rel*math.Max(math.Abs(g), math.Abs(w)) + abs*scale
		if diff <= lim && !math.IsNaN(g) {
			continue
		}
		count++
		excess := diff / lim
		if math.IsNaN(excess) {
			excess = math.Inf(1)
		}
		if worst == nil || excess > worstExcess || (excess == worstExcess && less(key, [2]int{worst.I, worst.K})) {
			worst, worstExcess = &Mismatch{I: key[0], K: key[1], Got: g, Want: w}, excess
		}
	}
	if worst != nil {
		worst.Count = count
	}
	return worst, nil
}

func less(a, b [2]int) bool { return a[0] < b[0] || a[0] == b[0] && a[1] < b[1] }

// Params is a case's params.conf: n independents, m dependents, the
// finite-difference step and the largest relative error the suite allows
// between AD and finite differences.
type Params struct {
	N, M   int
	H, Tol float64
}

// ParseParams reads params.conf: one value a line, n and m required, h and
// the tolerance optional (zero if absent or unreadable: the suite's files
// write h in a Fortran edit format).
func ParseParams(name, text string) (Params, error) {
	var p Params
	fields := strings.Split(strings.ReplaceAll(text, "\r", ""), "\n")
	get := func(i int) string {
		if i < len(fields) {
			return strings.TrimSpace(fields[i])
		}
		return ""
	}
	var err error
	if p.N, err = strconv.Atoi(get(0)); err != nil || p.N < 1 {
		return p, fmt.Errorf("%s:1: n: want a positive integer, found %q", name, get(0))
	}
	if p.M, err = strconv.Atoi(get(1)); err != nil || p.M < 1 {
		return p, fmt.Errorf("%s:2: m: want a positive integer, found %q", name, get(1))
	}
	p.H, _ = strconv.ParseFloat(fortranFloat(get(2)), 64)
	p.Tol, _ = strconv.ParseFloat(fortranFloat(get(3)), 64)
	return p, nil
}
