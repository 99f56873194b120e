import ExerciseCatalog

/// The points each exercise is worth on every platform the kits grade for, in exercise order: 100
/// split as evenly as whole points allow, the later exercises taking the odd points. An exercise
/// earns its points when every one of its checks passes.
func exercisePoints(count: Int = exercises.count, total: Int = 100) -> [Int] {
    let each = total / count
    let extra = total - each * count
    return (0..<count).map { each + ($0 >= count - extra ? 1 : 0) }
}
