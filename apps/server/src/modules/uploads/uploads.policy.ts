// Who may do what to which collection photo. Pure: the routes and the collect move read the rows
// and ask here. A photo someone may not see answers 404, as if it did not exist.
import { hasAnyRole, type Role } from '@annasetu/domain';
import type { UploadRow, UserRow } from '../../db/schema/index.js';

/** Who is acting: the id and role are all the rules need. */
export type Actor = Pick<UserRow, 'id' | 'role'>;

/**
 * `upload` a photo; `view` a photo by its id; `delete` one not yet attached; `attach` it to a
 * collection being recorded; `viewRequestPhoto`: the photo of a request.
 */
export type UploadAction = 'upload' | 'view' | 'delete' | 'attach' | 'viewRequestPhoto';

/** The roles that may attempt each action; `'any'` for every signed-in user. */
export const UPLOAD_ACTION_ROLES: Record<UploadAction, readonly Role[] | 'any'> = {
  upload: ['volunteer'],
  delete: ['volunteer'],
  attach: ['volunteer'],
  view: 'any',
  viewRequestPhoto: 'any',
};

/** A photo with the people around it; each action reads the fields it needs. */
export interface PhotoRecord {
  /** The volunteer who uploaded it. */
  ownerId?: string;
  /** The collection it belongs to; null while unattached. */
  collectionId?: UploadRow['collectionId'];
  /** The donor of the donation collected. */
  donorId?: string | null;
  /** The volunteer of the request (for a request's photo). */
  volunteerId?: string | null;
  /** The destination the collection recorded. */
  destinationUserId?: string | null;
  /** The request's destination (it may differ from the collection's, set at collection). */
  requestDestinationId?: string | null;
}

/** True when the user's role may attempt `action` at all (before any record is read). */
export function mayAttempt(user: Pick<UserRow, 'role'>, action: UploadAction): boolean {
  const roles = UPLOAD_ACTION_ROLES[action];
  return roles === 'any' || hasAnyRole(user.role, roles);
}

const isAdmin = (user: Pick<UserRow, 'role'>) => user.role === 'admin';

function isRelated(user: Actor, action: UploadAction, photo: PhotoRecord): boolean {
  switch (action) {
    case 'upload':
      return true;
    case 'delete':
    case 'attach':
      // Only the owner's own photo, and only while no collection uses it.
      return photo.ownerId === user.id && photo.collectionId === null;
    case 'view':
      // The volunteer, the donor and the destination, and admins.
      return (
        isAdmin(user) || [photo.ownerId, photo.donorId, photo.destinationUserId].includes(user.id)
      );
    case 'viewRequestPhoto':
      // The request's donor, volunteer and destinations, and admins (not a requester who is
      // not the destination).
      return (
        isAdmin(user) ||
        [
          photo.donorId,
          photo.volunteerId,
          photo.requestDestinationId,
          photo.destinationUserId,
        ].includes(user.id)
      );
  }
}

/** May `user` do `action` to `photo`? Role first, then the relation to the photo. */
export function can(user: Actor, action: UploadAction, photo: PhotoRecord = {}): boolean {
  return mayAttempt(user, action) && isRelated(user, action, photo);
}
