import { Form, Link, NavLink } from "react-router";

const linkClass = ({ isActive }: { isActive: boolean }) =>
  `rounded-md px-2 py-2 text-sm font-semibold sm:px-3 ${isActive ? "text-forest-700" : "text-stone-700 hover:text-forest-700"}`;

const buttonClass =
  "ml-1 rounded-md bg-forest-700 px-3 py-2 text-sm font-semibold text-white hover:bg-forest-800 sm:px-4";

interface NavbarProps {
  user: { name: string } | null;
}

export function Navbar({ user }: NavbarProps) {
  return (
    <header className="sticky top-0 z-30 border-b border-wood-100 bg-paper/95 backdrop-blur">
      <nav aria-label="Main" className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-2 px-3 sm:px-6">
        <Link to="/" className="flex items-center gap-2 text-lg font-extrabold tracking-tight text-wood-900">
          <img src="/images/logo.svg" alt="" width={32} height={32} />
          Randa
        </Link>
        <div className="flex items-center gap-0.5 sm:gap-1">
          <NavLink to="/" end className={linkClass}>
            Home
          </NavLink>
          <NavLink to="/blogs" className={linkClass}>
            Blogs
          </NavLink>
          <NavLink to="/myprotfolio" className={(s) => `${linkClass(s)} hidden md:inline-block`}>
            My Portfolio
          </NavLink>
          {user ? (
            <>
              <NavLink to="/dashboard" className={linkClass}>
                Dashboard
              </NavLink>
              <Form method="post" action="/logout">
                <button type="submit" className={buttonClass}>
                  Log Out
                </button>
              </Form>
            </>
          ) : (
            <NavLink to="/login" className={buttonClass}>
              Login
            </NavLink>
          )}
        </div>
      </nav>
    </header>
  );
}
