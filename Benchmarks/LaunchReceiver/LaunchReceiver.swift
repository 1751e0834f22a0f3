// LaunchReceiver's code is generated from roundtrip.yaml by the RoundtripGenerator plugin at build
// time; a target needs one Swift file of its own, and this is it.
