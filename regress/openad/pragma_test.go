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
			name: "pragmas in a helper and in head: head wins",
			src: `      subroutine helper(a, b)
c$openad INDEPENDENT(a)
      b = a
c$openad DEPENDENT(b)
      end
      subroutine head(x, y)
c$openad INDEPENDENT(x)
      call helper(x, y)
c$openad DEPENDENT(y)
      end
`,
			fixed: true,
			head:  Unit{Name: "head"},
			ind:   []string{"x"}, dep: []string{"y"},
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
			head, err := sc.HeadRoutine()
			if (err != nil) != tt.wantErr {
				t.Fatalf("HeadRoutine error %v, want error %v", err, tt.wantErr)
			}
			if err != nil {
				return
			}
			if head != tt.head {
				t.Errorf("head %+v, want %+v", head, tt.head)
			}
			if got := sc.Vars(head, false); !reflect.DeepEqual(got, tt.ind) {
				t.Errorf("independents %v, want %v", got, tt.ind)
			}
			if got := sc.Vars(head, true); !reflect.DeepEqual(got, tt.dep) {
				t.Errorf("dependents %v, want %v", got, tt.dep)
			}
		})
	}
}

func TestReadPoint(t *testing.T) {
	driver := `program driver
  use OAD_active
  implicit none
  external head
  double precision, dimension(:), allocatable :: x0
  type(active) :: a, b(2), y
  double precision h, scale
  integer n, m, i, j
  parameter (two = 2)
  open(2,action='read',file='params.conf')
  read(2,'(I5,/,I5,/,F8.1)') n, m, h
  close(2)
  allocate(x0(n))
  scale = 3.0
  do i=1,n
     x0(i)=sqrt(1.*i)*scale
  end do
  open(2,file='tmpOutput/dd.out')
  a%v=x0(1)+h
  call head(2,a,b,y)
  close(2)
  open(2,file='tmpOutput/ad.out')
  do i=1,m
     a%v=x0(1)
     b(1)%v=x0(2)
     b(2)%v=0.5 ! a constant
     call head(2, a, b, y)
  end do
  close(2)
end program driver

subroutine ext(t)
  double precision t
end subroutine ext
`
	p, err := ReadPoint(driver, "head")
	if err != nil {
		t.Fatal(err)
	}
	want := Point{
		Decls:   []string{"double precision :: h, scale", "integer :: j", "parameter (two = 2)"},
		Setup:   []string{"scale = 3.0", "do i=1,n", "x0(i)=sqrt(1.*i)*scale", "end do"},
		Sets:    map[string]Value{"a": {Whole: "x0(1)"}, "b": {Elem: map[int]string{1: "x0(2)", 2: "0.5"}}},
		Actuals: []string{"2", "a", "b", "y"},
		Extra:   "subroutine ext(t)\n  double precision t\nend subroutine ext",
	}
	if !reflect.DeepEqual(p, want) {
		t.Errorf("got  %#v\nwant %#v", p, want)
	}
	if _, err := ReadPoint("program d\nopen(2,file='tmpOutput/ad.out')\ncall other(x)\nend program\n", "head"); err == nil {
		t.Error("ReadPoint accepted a driver that does not call head")
	}
}
