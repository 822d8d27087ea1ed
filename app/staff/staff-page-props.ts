/**
 * What a staff page gets from its route, whose component it is: the
 * loader's data, and the answer to the page's last post, which each page
 * reads as the shape its action gives.
 */
export type StaffPageProps<LoaderData = unknown> = {
  loaderData: LoaderData;
  actionData?: unknown;
};
