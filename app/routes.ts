import { type RouteConfig, index, route } from "@react-router/dev/routes";

export default [
  index("routes/public/home.tsx"),
  route("blogs", "routes/public/blogs.tsx"),
  route("myprotfolio", "routes/public/portfolio.tsx"),
  route("detail/:productId", "routes/public/product-detail.tsx"),
  route("login", "routes/auth/login.tsx"),
  route("register", "routes/auth/register.tsx"),
  route("*", "routes/public/not-found.tsx"),
] satisfies RouteConfig;
