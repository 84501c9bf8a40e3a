package arena

// CheckIntegrity exports checkIntegrity to the black-box tests.
var CheckIntegrity = checkIntegrity
