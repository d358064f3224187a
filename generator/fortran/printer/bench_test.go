package printer

import (
	"bytes"
	"strings"
	"testing"

	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/fortran/parser"
	"github.com/fadj-dev/fadj/generator/source"
)

func bigFile(b *testing.B) *ast.File {
	var sb strings.Builder
	sb.WriteString("subroutine big(a, b, n)\n  integer :: n, i, j\n  real(8) :: a(n, n), b(n)\n")
	for k := 0; k < 20000; k++ {
		sb.WriteString("  ! comment line\n  do i = 1, n\n    b(i) = b(i) + a(i, 1)*(b(i) - 1.0d0)/(2.0d0 + a(1, i)**2) ! tail\n    if (b(i) > 1.0d3) b(i) = -b(i)\n  end do\n")
	}
	sb.WriteString("end subroutine big\n")
	f, err := parser.ParseFile(source.NewFileSet(), "big.f90", []byte(sb.String()), parser.Config{})
	if err != nil {
		b.Fatal(err)
	}
	return f
}

func BenchmarkFprint(b *testing.B) {
	f := bigFile(b)
	var buf bytes.Buffer
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		buf.Reset()
		if err := Fprint(&buf, f); err != nil {
			b.Fatal(err)
		}
	}
	b.SetBytes(int64(buf.Len()))
}
