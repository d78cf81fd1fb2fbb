import type { ErrorCode, MediaType } from './wire.ts';

/** The app's own shapes; the client builds them from the wire answers. */
export interface Card {
  id: string;
  code: string;
  mediaCount: number;
}

export interface Media {
  id: string;
  type: MediaType | 'extra';
  filename: string;
  card: string;
  /** Absolute URLs, ready for <img src>. */
  thumbUrl: string;
  previewUrl: string;
  sold: boolean;
}

export interface MediaLists {
  sold: Media[];
  notSold: Media[];
  extras: Media[];
}

/** 'NETWORK_ERROR' when the API could not be reached or answered something unreadable. */
export type ApiErrorCode = ErrorCode | 'NETWORK_ERROR' | 'UNKNOWN_ERROR';
