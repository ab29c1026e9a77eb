package term

// ForgetSimplifications empties the store's memo of simplifications
// (Store.simpMemo), for the tests that compare results with and without
// it.
func ForgetSimplifications(st *Store) {
	st.simpMemo.Clear()
	st.simpMemo = TermMap[*Term]{}
}
