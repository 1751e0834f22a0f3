/// A convention is stored by its spec spelling (`x-callback-url`, `ulc`, `return-url`, `none`).
extension Convention: Codable {}
