/// The client side of BRLTTY's Virtual display protocol (filled in below).
