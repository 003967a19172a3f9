import { type RouteConfig, index, layout, route } from "@react-router/dev/routes";

export default [
  index("routes/public/home.tsx"),
  route("blogs", "routes/public/blogs.tsx"),
  route("myprotfolio", "routes/public/portfolio.tsx"),
  route("shop", "routes/public/shop.tsx"),
  route("detail/:productId", "routes/public/product-detail.tsx"),
  route("login", "routes/auth/login.tsx"),
  route("register", "routes/auth/register.tsx"),
  route("logout", "routes/auth/logout.tsx"),
  route("language", "routes/language.tsx"),
  route("forgot-password", "routes/auth/forgot-password.tsx"),
  route("reset-password", "routes/auth/reset-password.tsx"),
  route("dashboard", "routes/dashboard/layout.tsx", [
    index("routes/dashboard/profile.tsx", { id: "dashboard-home" }),
    route("profile", "routes/dashboard/profile.tsx", { id: "dashboard-profile" }),
    route("orders", "routes/dashboard/orders.tsx"),
    route("reviews", "routes/dashboard/reviews.tsx"),
    route("payment/:orderId", "routes/dashboard/payment.tsx"),
    route("order/:orderId", "routes/dashboard/order-detail.tsx"),
    route("orders/:orderId/invoice", "routes/dashboard/invoice.tsx"),
    layout("routes/dashboard/admin-only.tsx", [
      route("overview", "routes/dashboard/overview.tsx"),
      route("addproduct", "routes/dashboard/add-product.tsx"),
      route("manageproduct", "routes/dashboard/manage-products.tsx"),
      route("manageproduct/:productId", "routes/dashboard/edit-product.tsx"),
      route("categories", "routes/dashboard/categories.tsx"),
      route("manageorder", "routes/dashboard/manage-orders.tsx"),
      route("admin", "routes/dashboard/make-admin.tsx"),
    ]),
  ]),
  route("*", "routes/public/not-found.tsx"),
] satisfies RouteConfig;
