/** Header names shared by client and servers for read-your-writes (DESIGN.md "Consistency the user can see"). */
export const POSITION_HEADER = "X-Bahi-Position";
export const AFTER_HEADER = "X-Bahi-After";

export interface FieldError {
  path: string;
  message: string;
}

export interface ErrorBody {
  message: string;
  errors?: FieldError[];
}
