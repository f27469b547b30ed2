;; The Gram matrix kernel: eight dot products of float32 vectors at once (rows a0..a3 against columns b0, b1),
;; four lanes at a time with WebAssembly SIMD. `bytes` is the row length in bytes, a multiple of 16 (rows are
;; padded with zeros); each sum's four lanes are added in float64 and stored as eight f64 at `out`.
;; `npm run wasm` assembles this file into gramKernelWasm.ts; a test checks the two agree.
(module
  (memory (export "memory") 1)
  (func (export "tile") (param $a0 i32) (param $a1 i32) (param $a2 i32) (param $a3 i32)
        (param $b0 i32) (param $b1 i32) (param $bytes i32) (param $out i32)
    (local $k i32)
    (local $y0 v128) (local $y1 v128) (local $x v128)
    (local $s00 v128) (local $s01 v128) (local $s10 v128) (local $s11 v128)
    (local $s20 v128) (local $s21 v128) (local $s30 v128) (local $s31 v128)
    (block $done
      (loop $next
        (br_if $done (i32.ge_u (local.get $k) (local.get $bytes)))
        (local.set $y0 (v128.load (i32.add (local.get $b0) (local.get $k))))
        (local.set $y1 (v128.load (i32.add (local.get $b1) (local.get $k))))
        (local.set $x (v128.load (i32.add (local.get $a0) (local.get $k))))
        (local.set $s00 (f32x4.add (local.get $s00) (f32x4.mul (local.get $x) (local.get $y0))))
        (local.set $s01 (f32x4.add (local.get $s01) (f32x4.mul (local.get $x) (local.get $y1))))
        (local.set $x (v128.load (i32.add (local.get $a1) (local.get $k))))
        (local.set $s10 (f32x4.add (local.get $s10) (f32x4.mul (local.get $x) (local.get $y0))))
        (local.set $s11 (f32x4.add (local.get $s11) (f32x4.mul (local.get $x) (local.get $y1))))
        (local.set $x (v128.load (i32.add (local.get $a2) (local.get $k))))
        (local.set $s20 (f32x4.add (local.get $s20) (f32x4.mul (local.get $x) (local.get $y0))))
        (local.set $s21 (f32x4.add (local.get $s21) (f32x4.mul (local.get $x) (local.get $y1))))
        (local.set $x (v128.load (i32.add (local.get $a3) (local.get $k))))
        (local.set $s30 (f32x4.add (local.get $s30) (f32x4.mul (local.get $x) (local.get $y0))))
        (local.set $s31 (f32x4.add (local.get $s31) (f32x4.mul (local.get $x) (local.get $y1))))
        (local.set $k (i32.add (local.get $k) (i32.const 16)))
        (br $next)))
    (call $put (local.get $out) (i32.const 0) (local.get $s00))
    (call $put (local.get $out) (i32.const 8) (local.get $s01))
    (call $put (local.get $out) (i32.const 16) (local.get $s10))
    (call $put (local.get $out) (i32.const 24) (local.get $s11))
    (call $put (local.get $out) (i32.const 32) (local.get $s20))
    (call $put (local.get $out) (i32.const 40) (local.get $s21))
    (call $put (local.get $out) (i32.const 48) (local.get $s30))
    (call $put (local.get $out) (i32.const 56) (local.get $s31)))
  (func $put (param $out i32) (param $off i32) (param $s v128)
    (local $lo v128)
    (local.set $lo
      (f64x2.add
        (f64x2.promote_low_f32x4 (local.get $s))
        (f64x2.promote_low_f32x4
          (i8x16.shuffle 8 9 10 11 12 13 14 15 0 1 2 3 4 5 6 7 (local.get $s) (local.get $s)))))
    (f64.store (i32.add (local.get $out) (local.get $off))
      (f64.add (f64x2.extract_lane 0 (local.get $lo)) (f64x2.extract_lane 1 (local.get $lo))))))
