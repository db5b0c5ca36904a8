import HapticPolicy

/// Ride's turn cues through the generated `RidePolicy`: `turn.distance` carries the
/// metres to the turn as its value and the turn's way as its data field `direction`
/// (`data:` in ride.yaml), an enum of the declared values, so a way the policy does not
/// declare does not compile. The turn is the subject; passing it ends the subject.
func cueTurn(
    _ store: PolicyStore, turn: String, metres: Double, toward direction: RidePolicy.TurnDistanceDirection,
    t: Double? = nil
) -> PolicyStore.Decided {
    store.decide(.turnDistance(metres, direction: direction), t: t, subject: turn)
}

/// The navigator's way as text (`"u-turn"`), if the policy declares it.
func direction(_ way: String) -> RidePolicy.TurnDistanceDirection? {
    RidePolicy.TurnDistanceDirection(rawValue: way)
}
