package store

// CheckIntegrity exports checkIntegrity to the black-box tests.
var CheckIntegrity = checkIntegrity
