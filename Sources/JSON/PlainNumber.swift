extension Double {
    /// The number as a person writes it: a whole number without decimals ("12", not
    /// "12.0"), any other as Swift prints it. Safe for any value from outside: a whole
    /// number is made an integer only below 1e15, where the conversion cannot trap.
    package var plainText: String {
        self == rounded() && abs(self) < 1e15 ? String(Int64(self)) : String(self)
    }
}
