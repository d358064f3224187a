package main

import (
	"reflect"
	"testing"
)

func TestScanPragmas(t *testing.T) {
	tests := []struct {
		name    string
		src     string
		fixed   bool
		head    Unit
		ind     []string
		dep     []string
		wantErr bool // from HeadRoutine
	}{
		{
			name: "fixed form, pragmas in the second routine",
			src: `      subroutine helper(a)
      double precision a
      a = 2*a
      end subroutine
c$openad XXX Template ad_template.f
      subroutine top(u, v)
      double precision u(2), v
c$openad INDEPENDENT(u)
      v = u(1)*u(2)
c$openad DEPENDENT(v)
      end subroutine
`,
			fixed: true,
			head:  Unit{Name: "top"},
			ind:   []string{"u"}, dep: []string{"v"},
		},
		{
			name: "upper case, blanks, several names, C and * comments",
			src: `      SUBROUTINE Top (A, B, C)
C$OPENAD INDEPENDENT( A , B )
*$openad dependent(C)
      C = A + B
      END
`,
			fixed: true,
			head:  Unit{Name: "top"},
			ind:   []string{"a", "b"}, dep: []string{"c"},
		},
		{
			name: "typed function, label field, continuation line",
			src: `      double precision function g(x)
      double precision x
c$openad INDEPENDENT(x)
 10   g = x +
     +    1
c$openad DEPENDENT(g)
      end function g
`,
			fixed: true,
			head:  Unit{Name: "g"},
			ind:   []string{"x"}, dep: []string{"g"},
		},
		{
			name: "module procedure, END IF does not end the routine",
			src: `      module m
      contains
      subroutine p(x, y)
      real x, y
c$openad INDEPENDENT(x)
      if (x > 0) then
        y = x
      end if
c$openad DEPENDENT(y)
      end subroutine
      end module
`,
			fixed: true,
			head:  Unit{Name: "p", Module: "m"},
			ind:   []string{"x"}, dep: []string{"y"},
		},
		{
			name: "free form",
			src: `subroutine s(x, y) ! comment
  real :: x, y
  !$openad INDEPENDENT(x)
  y = x
  !$openad DEPENDENT(y)
end subroutine s
`,
			head: Unit{Name: "s"},
			ind:  []string{"x"}, dep: []string{"y"},
		},
		{
			name: "pragmas in two routines",
			src: `      subroutine a(x)
c$openad INDEPENDENT(x)
      end
      subroutine b(y)
c$openad DEPENDENT(y)
      end
`,
			fixed: true, wantErr: true,
			ind: []string{"x"}, dep: []string{"y"},
		},
		{
			name: "no DEPENDENT",
			src: `      subroutine a(x)
c$openad INDEPENDENT(x)
      end
`,
			fixed: true, wantErr: true,
			ind: []string{"x"},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			sc, err := ScanPragmas("t.f", tt.src, tt.fixed)
			if err != nil {
				t.Fatal(err)
			}
			if got := sc.Vars(false); !reflect.DeepEqual(got, tt.ind) {
				t.Errorf("independents %v, want %v", got, tt.ind)
			}
			if got := sc.Vars(true); !reflect.DeepEqual(got, tt.dep) {
				t.Errorf("dependents %v, want %v", got, tt.dep)
			}
			head, err := sc.HeadRoutine()
			if (err != nil) != tt.wantErr {
				t.Fatalf("HeadRoutine error %v, want error %v", err, tt.wantErr)
			}
			if err == nil && head != tt.head {
				t.Errorf("head %+v, want %+v", head, tt.head)
			}
		})
	}
}

func TestReadPoint(t *testing.T) {
	generic := `program driver
  open(2,action='read',file='params.conf')
  read(2,'(I5,/,I5,/,F8.1)') n, m, h
  close(2)
  allocate(x(n))
  do i=1,n
     x0(i)=sqrt(1.*i)
  end do
  open(2,file='tmpOutput/dd.out')
  call head(x,y0)
  close(2)
  open(2,file='tmpOutput/ad.out')
  call head(2, x, y)  ! seeded
  close(2)
end program driver

subroutine ext(t)
  double precision t
end subroutine ext
`
	p, err := ReadPoint(generic, "head")
	if err != nil {
		t.Fatal(err)
	}
	want := Point{
		Init:    []string{"do i=1,n", "x0(i)=sqrt(1.*i)", "end do"},
		Actuals: []string{"2", "x", "y"},
		Extra:   "subroutine ext(t)\n  double precision t\nend subroutine ext",
	}
	if !reflect.DeepEqual(p, want) {
		t.Errorf("got %#v\nwant %#v", p, want)
	}
	bad := []string{
		// x0 computed with helper variables the harness does not carry over
		"open(2,file='params.conf')\nclose(2)\nr=1\nx0(1)=r\nopen(2,file='tmpOutput/dd.out')\nopen(2,file='tmpOutput/ad.out')\ncall head(x,y)\nend program\n",
		// scalar independents passed one by one
		"open(2,file='params.conf')\nclose(2)\nx0(1)=1\nopen(2,file='tmpOutput/dd.out')\nopen(2,file='tmpOutput/ad.out')\ncall head(x1,x2,y)\nend program\n",
	}
	for _, b := range bad {
		if _, err := ReadPoint(b, "head"); err == nil {
			t.Errorf("ReadPoint accepted\n%s", b)
		}
	}
}
