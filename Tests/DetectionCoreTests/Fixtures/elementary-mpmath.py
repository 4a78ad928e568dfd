# Generates elementary-mpmath.csv: correctly rounded reference values of sin, cos and cbrt at arguments where
# Glibc itself is not a reliable reference (huge arguments, doubles very close to multiples of pi/2, cbrt).
# Reference: mpmath 1.3.0 evaluated with 3000-bit working precision, then rounded to the nearest double.
# Deterministic: fixed grids only. Run: python3 elementary-mpmath.py > elementary-mpmath.csv
from mpmath import mp, mpf, sin, cos, cbrt, pi, floor
mp.prec = 3000
def grid(lo, hi, step):
    e = lo
    while e <= hi:
        yield float(mpf(2) ** e)
        e += step
trig_args = set(grid(20, 1023, 0.37))
for k in range(1, 200):
    m = float(k * 1000003 * pi / 2)
    trig_args.update([m, m * (1 + 2**-52)])
trig_args.update([6381956970095103 * 2.0**797, 1e22, 1e300, 1.7976931348623157e308,
                  float.fromhex("0x1.6ac5b262ca1ffp+849")])
cbrt_args = set(grid(-1074, 1023, 0.71))
cbrt_args.update(x / 7.0 for x in range(1, 400))
print("function,x,value")
for x in sorted(trig_args):
    print("sin,%s,%s" % (x.hex(), float(sin(mpf(x))).hex()))
    print("cos,%s,%s" % (x.hex(), float(cos(mpf(x))).hex()))
for x in sorted(cbrt_args):
    print("cbrt,%s,%s" % (x.hex(), float(cbrt(mpf(x))).hex()))
