package bench

import "testing"

// TestParse reads the "key value" lines of a driver, and rejects output
// with a missing or malformed figure.
func TestParse(t *testing.T) {
	full := `kernel heat2d
reps 3
primal_s  6.12974E-03
adjoint_s  5.84535E-02
ratio     9.5360
tape_peak_bytes 48217460
cost   1.2603356320311788E+04
grad_norm   1.7436214543114934E+02
`
	for _, tc := range []struct {
		name, out string
		want      measurement
		err       string
	}{
		{name: "full", out: full, want: measurement{primal: 6.12974e-3, adjoint: 5.84535e-2, ratio: 9.536,
			peak: 48217460, cost: 1.2603356320311788e4, gradNorm: 1.7436214543114934e2}},
		{name: "tapenade peak line ignored", out: "Peak stack size (491 blocks): 32178176 bytes\n" + full,
			want: measurement{primal: 6.12974e-3, adjoint: 5.84535e-2, ratio: 9.536,
				peak: 48217460, cost: 1.2603356320311788e4, gradNorm: 1.7436214543114934e2}},
		{name: "missing", out: "primal_s 1.0\n", err: "no adjoint_s line in the driver's output"},
		{name: "malformed", out: "tape_peak_bytes 1.5e3\n", err: `tape_peak_bytes: strconv.ParseInt: parsing "1.5e3": invalid syntax`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m, err := parse([]byte(tc.out))
			if tc.err != "" {
				if err == nil || err.Error() != tc.err {
					t.Fatalf("error %v, want %q", err, tc.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if m != tc.want {
				t.Errorf("got %+v\nwant %+v", m, tc.want)
			}
		})
	}
}
