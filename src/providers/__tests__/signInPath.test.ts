import { HOME_PATH, LOGIN_PATH, pathAfterSignIn, signInPath } from '../signInPath';

test('a signed-out visitor goes to the sign-in form, remembering the page asked for', () => {
  expect(signInPath('/roles?page=2#top')).toBe(`${LOGIN_PATH}?next=%2Froles%3Fpage%3D2%23top`);
  // the dashboard is where a sign-in leads anyway
  expect(signInPath('/')).toBe(LOGIN_PATH);
  expect(signInPath(HOME_PATH)).toBe(LOGIN_PATH);
});

test('after signing in: the page asked for, when it is one of ours', () => {
  expect(pathAfterSignIn('?next=%2Froles%3Fpage%3D2%23top')).toBe('/roles?page=2#top');
  expect(pathAfterSignIn('?next=/admins/create')).toBe('/admins/create');
  expect(pathAfterSignIn('')).toBe(HOME_PATH);
  for (const elsewhere of ['//evil.example/x', '/\\evil.example', 'https://evil.example/', 'javascript:alert(1)', 'roles']) {
    expect([elsewhere, pathAfterSignIn(`?next=${encodeURIComponent(elsewhere)}`)]).toEqual([elsewhere, HOME_PATH]);
  }
  // never back to a sign-in screen
  expect(pathAfterSignIn('?next=/auth/login')).toBe(HOME_PATH);
  expect(pathAfterSignIn('?next=/auth')).toBe(HOME_PATH);
  expect(pathAfterSignIn('?next=/authorization')).toBe('/authorization');
});
